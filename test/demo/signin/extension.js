// Demo only (loaded by `npm run demo`, never packaged): stores the emulator's demo token through the
// extension's own Set API Token command, so the demo opens signed in, then shows the Livepeer views.
'use strict';
const vscode = require('vscode');

exports.activate = async function activate() {
  const token = process.env.LIVEPEER_DEMO_TOKEN;
  if (!token) return;
  // The extension offers no API: the command checks and stores the token (again, when the profile kept one).
  await vscode.commands.executeCommand('livepeer.setToken', token);
  await vscode.commands.executeCommand('workbench.view.extension.livepeer');
};
