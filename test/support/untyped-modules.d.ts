// oidc-provider publishes no types; the tests use the little of it they need (test/support/oidc-provider.ts)
declare module 'oidc-provider';
