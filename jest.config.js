/** Unit (`*.spec.ts`), database/chain (`*.int-spec.ts`) and whole-service (`*.e2e-spec.ts`) tests. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test', '<rootDir>/bench'],
  testRegex: '\\.(spec|int-spec|e2e-spec)\\.ts$',
  // The path aliases of tsconfig.json: each lib through its public index (docs/architecture.md §2).
  moduleNameMapper: {
    '^@chainwire/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^@chainwire/([a-z-]+)/testing$': '<rootDir>/libs/$1/src/testing/index.ts',
    // Shared test support (test/support, test/fixtures), for specs anywhere in the tree.
    '^@test/(.*)$': '<rootDir>/test/$1',
    // viem loads its WebSocket with a dynamic import(); under jest's VM modules that takes isows's ESM
    // build, whose WebSocket is not constructible in the sandbox. Node itself loads the CommonJS one.
    '^isows$': '<rootDir>/node_modules/isows/_cjs/index.js',
  },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testTimeout: 120000,
};
