import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '@chainwire/core';
import { findViolations, layerOrder, LIB_DEPENDENCIES, readSourceTree } from './module-graph';

const TREE = ['apps', 'libs', 'test', 'bench', 'migrations'];

describe('the module graph (docs/architecture.md §2)', () => {
  it('has no forbidden import anywhere in the tree', () => {
    const files = readSourceTree(PROJECT_ROOT, TREE);
    expect(files.length).toBeGreaterThan(300);
    expect(findViolations(files)).toEqual([]);
  });

  it('names every lib, and its dependencies form layers without a cycle', () => {
    const libs = readdirSync(join(PROJECT_ROOT, 'libs')).sort();
    expect(Object.keys(LIB_DEPENDENCIES).sort()).toEqual(libs);
    const order = layerOrder(LIB_DEPENDENCIES);
    expect(order.indexOf('core')).toBeLessThan(order.indexOf('event-store'));
    expect(() => layerOrder({ a: ['b'], b: ['c'], c: ['a'] })).toThrow('dependency cycle: a → b → c → a');
  });

  it.each([
    [
      'libs/indexing/src/evm/x.ts',
      "import { balancesProjection } from '@chainwire/wallet';",
      'indexing must not depend on wallet',
    ],
    [
      'libs/wallet/src/balances/projection/x.projection.ts',
      "import { EvmChainAdapter } from '@chainwire/chains';",
      'projections never call a chain',
    ],
    [
      'libs/webhooks/src/subscriptions/x.read-model.ts',
      "import type { ChainEntry } from '@chainwire/chains';",
      'projections never call a chain',
    ],
    [
      'libs/chains/src/x.ts',
      "import type { EventStore } from '@chainwire/event-store';",
      'chains must not depend on event-store',
    ],
    [
      'libs/event-store/src/x.ts',
      "import { x } from '@chainwire/webhooks';",
      'event-store must not depend on webhooks',
    ],
    [
      'libs/core/src/db/x.ts',
      "import { ApiKeyEntity } from '@chainwire/auth';",
      'core must not depend on auth',
    ],
    [
      'libs/wallet/src/x.ts',
      "import { boot } from '../../../apps/server/src/main';",
      'imports apps/server internals',
    ],
    [
      'apps/cli/src/x.ts',
      "import { a } from '../../server/src/bootstrap/start-server';",
      'imports apps/server internals',
    ],
    [
      'libs/webhooks/src/x.ts',
      "import { migrate } from '../../core/src/db/migrate';",
      'reaches into libs/core by a relative path',
    ],
    [
      'apps/server/src/x.ts',
      "import { migrate } from '@chainwire/core/src/db/migrate';",
      'reaches past the public index of core',
    ],
    [
      'libs/webhooks/src/x.ts',
      "import { blockIndexed } from '@chainwire/chain-events/testing';",
      'production code imports the test helpers',
    ],
    [
      'test/e2e/x.e2e-spec.ts',
      "import { MIGRATIONS } from '../../migrations';",
      'imports migrations internals',
    ],
    [
      'libs/webhooks/src/x.ts',
      "const m = require('@chainwire/composition');",
      'webhooks must not depend on composition',
    ],
    [
      'libs/webhooks/src/x.ts',
      "const s = await import('@chainwire/transactions');",
      'webhooks must not depend on transactions',
    ],
    [
      'libs/consumers/src/x.ts',
      "import { blocksProjection } from '@chainwire/blocks';",
      'consumers must not depend on blocks',
    ],
    [
      'libs/staking/src/x.ts',
      "import { parseAccountAddress } from '@chainwire/wallet';",
      'staking must not depend on wallet',
    ],
    [
      'libs/webhooks/src/x.ts',
      "import { parseAccountAddress } from '@chainwire/wallet';",
      'webhooks must not depend on wallet',
    ],
    [
      'libs/webhooks/src/x.int-spec.ts',
      "import { db } from '../../../test/support/test-database';",
      'reaches test support by a relative path',
    ],
    [
      'libs/webhooks/src/x.ts',
      "import { db } from '@test/support/test-database';",
      'production code imports test support',
    ],
  ])('refuses %s importing %s', (path, text, rule) => {
    const violations = findViolations([{ path, text }]);
    expect(violations).toHaveLength(1);
    expect(violations[0]!.rule).toContain(rule);
  });

  it('follows a projection through its relative imports within its lib', () => {
    const projection = {
      path: 'libs/wallet/src/nfts/projection/nfts.projection.ts',
      text: "import { aggregate } from './deltas';\nimport { NATIVE } from '../assets';",
    };
    const deltas = { path: 'libs/wallet/src/nfts/projection/deltas.ts', text: "import { x } from './pure';" };
    const pure = {
      path: 'libs/wallet/src/nfts/projection/pure.ts',
      text: "import { y } from '@chainwire/core';",
    };
    const assets = { path: 'libs/wallet/src/nfts/assets/index.ts', text: "export * from './list';" };
    const list = { path: 'libs/wallet/src/nfts/assets/list.ts', text: 'export const NATIVE = 1;' };
    expect(findViolations([projection, deltas, pure, assets, list])).toEqual([]);

    const calling = { ...list, text: "import { readContract } from '@chainwire/chains';" };
    const violations = findViolations([projection, deltas, pure, assets, calling]);
    expect(violations).toEqual([
      {
        file: projection.path,
        specifier: '@chainwire/chains',
        rule: expect.stringContaining(
          `projections never call a chain: imports @chainwire/chains through ${list.path}`,
        ),
      },
    ]);
    // The helper alone is no projection: wallet may call chains elsewhere.
    expect(findViolations([calling])).toEqual([]);
  });

  it('allows public imports down the layers and test helpers in tests', () => {
    expect(
      findViolations([
        { path: 'libs/webhooks/src/x.ts', text: "import { ConsumerRunner } from '@chainwire/consumers';" },
        {
          path: 'libs/webhooks/src/x.int-spec.ts',
          text: "import { EvmIndexer } from '@chainwire/indexing';",
        },
        { path: 'libs/webhooks/src/x.spec.ts', text: "import { f } from '@chainwire/indexing/testing';" },
        {
          path: 'libs/webhooks/src/x.int-spec.ts',
          text: "import { db } from '@test/support/test-database';",
        },
        { path: 'apps/cli/src/x.ts', text: "import { RELATIONAL_SCHEMA } from '@chainwire/composition';" },
        { path: 'test/support/test-database.ts', text: "import { MIGRATIONS } from '../../migrations';" },
      ]),
    ).toEqual([]);
  });
});
