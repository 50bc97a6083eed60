// Lets a child process run the TypeScript sources (e.g. `node -r ./test/support/swc-register.js src/cli.ts`), compiled like jest does.
const { transformSync } = require('@swc/core');
const fs = require('node:fs');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
