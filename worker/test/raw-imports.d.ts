// Vite's `?raw` suffix imports a file as text; the tests use it to load transcript fixtures inside workerd.
declare module "*?raw" {
  const text: string;
  export default text;
}
