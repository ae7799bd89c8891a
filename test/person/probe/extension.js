// Tests only (installed by test/person/workbench.ts for the pristine suite, never packaged): its command
// writes to $LIVEPEER_PROBE_OUT what the Livepeer extension hands other extensions from activate().
'use strict';
const fs = require('fs');
const vscode = require('vscode');

exports.activate = function activate(context) {
  context.subscriptions.push(
    vscode.commands.registerCommand('livepeerProbe.reportExports', async () => {
      const extension = vscode.extensions.getExtension('livepeer-studio-tools.livepeer-studio');
      const exported = extension && (await extension.activate());
      const report = {
        installed: !!extension,
        active: !!extension?.isActive,
        type: typeof exported,
        keys: exported && typeof exported === 'object' ? Object.keys(exported) : [],
      };
      fs.writeFileSync(process.env.LIVEPEER_PROBE_OUT, JSON.stringify(report));
    }),
  );
};
