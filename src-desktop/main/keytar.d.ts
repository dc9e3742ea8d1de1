/**
 * keytar's types, for the three functions token-vault.ts uses, copied from keytar's own
 * keytar.d.ts. keytar is an optional dependency that npm drops when its native build fails
 * (no libsecret on Linux); its types would go with it and type-checking would fail with
 * "Cannot find module 'keytar'". This declaration is used whether or not keytar is installed
 * (TypeScript prefers an ambient module to node_modules), so both machines check the same code.
 */
declare module 'keytar' {
  export function getPassword(service: string, account: string): Promise<string | null>;
  export function setPassword(service: string, account: string, password: string): Promise<void>;
  export function deletePassword(service: string, account: string): Promise<boolean>;
}
