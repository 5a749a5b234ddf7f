/** The account the Playwright suite signs in with at the local OIDC provider (scripts/oidc-dev-provider.ts). */
export const E2E_OIDC = { login: "e2e-user", email: "e2e.oidc@example.com", name: "Olga Oidc" } as const;
