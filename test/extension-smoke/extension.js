'use strict';
const vscode = require('vscode');

exports.activate = function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('livepeerSmoke.hello', (name) => ({
      greeting: `hello ${name || 'world'}`,
      uiKind: vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop',
      appName: vscode.env.appName,
      remoteName: vscode.env.remoteName,
      globalStorage: context.globalStorageUri.toString(),
    })),
    vscode.commands.registerCommand('livepeerSmoke.setState', async (value) => {
      await context.globalState.update('smoke.value', value);
      await context.secrets.store('smoke.secret', `secret-${value}`);
    }),
    vscode.commands.registerCommand('livepeerSmoke.getState', async () => ({
      globalValue: context.globalState.get('smoke.value'),
      secret: await context.secrets.get('smoke.secret'),
    })),
  );
};

exports.deactivate = function deactivate() {};
