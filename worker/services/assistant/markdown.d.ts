// Markdown files import as their text: wrangler's Text rule in the Worker build, a Vite transform in the tests.
declare module "*.md" {
  const text: string;
  export default text;
}
