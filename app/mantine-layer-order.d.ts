/** The order of the cascade layers Mantine's stylesheets come in (vite-plugins/mantine-css.ts). */
declare module "virtual:mantine-layer-order" {
  const order: string;
  export default order;
}
