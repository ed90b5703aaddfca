// The JIRA contract document, imported as it is (see ../stripe/contract-modules.d.ts for why not resolveJsonModule).
declare module "*/jira.openapi.json" {
  const document: Record<string, unknown>;
  export default document;
}
