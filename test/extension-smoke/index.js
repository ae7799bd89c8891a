// extensionTestsPath for the smoke run: mocha's programmatic API, mocha from the root node_modules.
'use strict';
const path = require('path');

exports.run = function run() {
  const Mocha = require(path.resolve(__dirname, '..', '..', 'node_modules', 'mocha'));
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30000, reporter: 'spec' });
  mocha.addFile(path.join(__dirname, 'suite', 'smoke.test.js'));
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
    } catch (e) {
      reject(e);
    }
  });
};
