/** The URLs of the split browser catalogues (vite-plugins/catalogues.ts, decision 044). */
declare module "virtual:partnernet-catalogue-urls" {
  const urls: Record<"de" | "cs", Record<"public" | "rest", string>>;
  export default urls;
}
