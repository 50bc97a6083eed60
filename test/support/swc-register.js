// Lets a child process run the TypeScript sources (e.g. `node -r ./test/support/swc-register.js src/cli.ts`), compiled as jest compiles them.
const { transformSync } = require('@swc/core');
const fs = require('node:fs');
const { transform } = require('../../jest.config.js');

const [, options] = transform['^.+\\.ts$'];

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), { ...options, filename, sourceMaps: false });
  module._compile(code, filename);
};
