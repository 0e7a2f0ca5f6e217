'use strict';
/**
 * `node -r ./bench/mirror/transpile.js file.ts`: loads TypeScript by transpiling each file (no type
 * check), like ts-node's transpile-only mode but without ts-node's REPL, which loads Node's `domain`
 * module and so slows every EventEmitter of the process being measured.
 */
const { readFileSync } = require('node:fs');
const ts = require('typescript');

const compilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
  allowSyntheticDefaultImports: true,
  resolveJsonModule: true,
  inlineSourceMap: true,
};

require.extensions['.ts'] = function loadTypeScript(module, filename) {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};
