/* eslint-disable @typescript-eslint/no-require-imports */
/* global require, process, __dirname */
'use strict';
// The Solana test node's process (started by solana-rpc-process.ts): compiles the TypeScript fixture on load
// (no build step, no loader package), starts it and prints `READY <url>` on stdout.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const ts = require('typescript');

require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
    },
  });
  module._compile(outputText, filename);
};

require(join(__dirname, 'solana-rpc-server.ts'))
  .startSolanaRpcServer()
  .then((server) => process.stdout.write(`READY ${server.url}\n`))
  .catch((error) => {
    process.stderr.write(`${error && error.stack ? error.stack : error}\n`);
    process.exit(1);
  });
