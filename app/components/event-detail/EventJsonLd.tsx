import { JsonLd } from "~/components/seo/JsonLd";

/** schema.org Event data (events/json-ld.server.ts): the shared JsonLd element. */
export function EventJsonLd({ json }: { json: object }) {
  return <JsonLd json={json} />;
}
