// The GitHub contract document, imported as it is (see ../stripe/contract-modules.d.ts for why not resolveJsonModule).
declare module "*/github.openapi.json" {
  const document: Record<string, unknown>;
  export default document;
}
