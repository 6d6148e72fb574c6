import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ARCHITECTURE.md: the layering rules, enforced by import-x (one plugin gives both path zones and cycle detection).
const clientFeatures = fs.readdirSync('src/client/features');
const serverFeatures = fs
  .readdirSync('src/server/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The server features each feature may use, read from ARCHITECTURE.md's list (the one place it is written):
 * one line per feature, `name: used used …`, each used feature on a line above, so the features form no cycle.
 */
function serverFeatureUses(markdown) {
  const block = /```text server-features\n([\s\S]*?)```/.exec(markdown);
  if (!block) throw new Error('ARCHITECTURE.md has lost its list of server features (```text server-features).');
  const uses = new Map();
  for (const line of block[1].trim().split('\n')) {
    const [name, used = ''] = line.split(':').map((part) => part.trim());
    if (!serverFeatures.includes(name) || uses.has(name)) {
      throw new Error(`ARCHITECTURE.md's list of server features: "${name}" is no feature folder, or is listed twice.`);
    }
    const names = used ? used.split(/\s+/) : [];
    for (const other of names) {
      if (!uses.has(other)) {
        throw new Error(
          `ARCHITECTURE.md's list of server features: ${name} uses ${other}, which is not on a line above it. ` +
            'A feature uses only features listed before it, so that no two features depend on each other.',
        );
      }
    }
    uses.set(name, names);
  }
  const missing = serverFeatures.filter((name) => !uses.has(name));
  if (missing.length)
    throw new Error(`ARCHITECTURE.md's list of server features has no line for ${missing.join(', ')}.`);
  return uses;
}
const featureUses = serverFeatureUses(fs.readFileSync('ARCHITECTURE.md', 'utf8'));
const featureDir = (name) => `./src/server/features/${name}`;
const routesOf = (name) =>
  fs
    .readdirSync(featureDir(name))
    .filter((file) => file.endsWith('.routes.ts'))
    .map((file) => `./${file}`);
// Outside its folder a server feature is used only through its index.ts; app.ts also mounts its routes.
const publicModulesOnly = serverFeatures.flatMap((name) => [
  {
    target: ['./src/server/!(features)/**', './src/server/!(app).ts', `./src/server/features/!(${name})/**`],
    from: featureDir(name),
    except: ['./index.ts'],
    message: `Outside its folder, ${name} is used only through its public module, ${name}/index.ts.`,
  },
  {
    target: './src/server/app.ts',
    from: featureDir(name),
    except: ['./index.ts', ...routesOf(name)],
    message: `app.ts mounts ${name}'s routes; anything else of it comes from ${name}/index.ts.`,
  },
]);
// Production code of a feature uses exactly the features ARCHITECTURE.md lists for it (tests may use any).
const listedFeaturesOnly = serverFeatures.flatMap((name) => {
  const allowed = featureUses.get(name);
  const others = serverFeatures.filter((other) => other !== name && !allowed.includes(other));
  if (others.length === 0) return [];
  return [
    {
      target: featureDir(name),
      from: others.map(featureDir),
      message: `${name} may use ${allowed.join(', ') || 'no other feature'} (ARCHITECTURE.md's list of server features).`,
    },
  ];
});
const boundaries = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'src/shared is used by both sides and imports neither.',
  },
  { target: './src/client', from: './src/server', message: 'The client reaches the server only over HTTP.' },
  { target: './src/server', from: './src/client', message: 'The server never imports client code.' },
  // A client feature stands alone: pages in app/routes compose features, app-wide state lives in lib/ or app/.
  ...clientFeatures.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in src/client/app/routes.',
  })),
  {
    target: './src/client/features',
    from: ['./src/client/app', './src/client/main.tsx'],
    message: 'A feature never imports the app that composes it: pass what it needs by props, children or lib/.',
  },
  {
    target: ['./src/client/lib', './src/client/components'],
    from: ['./src/client/features', './src/client/app'],
    message: 'lib/ and components/ sit below the features and the app.',
  },
  {
    target: './src/server/**/*.repository.ts',
    from: ['./src/server/**/*.repository.ts', './src/server/**/*.service.ts', './src/server/**/*.routes.ts'],
    message: 'A repository holds one owner’s SQL: it imports no other repository, service or route.',
  },
  ...publicModulesOnly,
];
const productionOnly = {
  target: './src',
  from: ['./src/server/testing', './src/client/test', './e2e', './bench'],
  message: 'Production code never imports test support.',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'bench/results', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too, or no-cycle cannot follow them.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/testing/**', '**/*.test.{ts,tsx}', 'src/client/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...listedFeaturesOnly, productionOnly] }],
    },
  },
  {
    // Test helpers return parsed JSON bodies whose shape each test asserts.
    files: ['src/server/testing/**', '**/*.test.{ts,tsx}', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
  {
    // A route passes the actor whole (`actor(c)`); the services pick the family, access decides (ARCHITECTURE.md).
    files: ['src/server/features/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='familyId']",
          message: 'Pass the actor (actor(c)) to the service; routes never pick the family id.',
        },
        {
          selector:
            "MemberExpression[property.name='id'][object.type='CallExpression'][object.callee.name=/^(actor|currentUser)$/]",
          message: "Pass the actor (actor(c)) to the service; routes never read the actor's id.",
        },
        {
          selector:
            "VariableDeclarator[init.type='CallExpression'][init.callee.name=/^(actor|currentUser)$/] > ObjectPattern > Property[key.name=/^(id|familyId)$/]",
          message: "Pass the actor (actor(c)) to the service; routes never read the actor's ids.",
        },
        {
          selector: "MemberExpression[property.name='id'][object.name=/^(user|who|person|me|actor|current)$/]",
          message: "Pass the actor (actor(c)) to the service; routes never read the actor's id.",
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
