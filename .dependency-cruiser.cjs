/** Layer rules: arrows point inwards only (domain ← application ← adapters); clients speak HTTP only. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports nothing outside itself: no ORM, no framework, no Node APIs.',
      severity: 'error',
      from: { path: '^domain/src' },
      to: { pathNot: '^domain/src' },
    },
    {
      name: 'application-sees-only-domain',
      comment: 'application/ imports the domain and its own files only.',
      severity: 'error',
      from: { path: '^application/src' },
      to: { pathNot: '^(application/src|domain/src)' },
    },
    {
      name: 'inner-layers-never-import-adapters',
      severity: 'error',
      from: { path: '^(domain|application)/' },
      to: { path: '^adapters/' },
    },
    {
      name: 'clients-talk-http-only',
      severity: 'error',
      from: { path: '^(storefront|backoffice)/src' },
      to: { path: '^(domain|application|adapters)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import circles, in the server (domain, application, adapters) or the clients: each file can be read with what it imports.',
      severity: 'error',
      from: { path: '^(domain|application|adapters|storefront|backoffice)/src' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      conditionNames: ['types', 'development', 'import', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
