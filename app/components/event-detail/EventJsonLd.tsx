import { useNonce } from "~/nonce";

/** schema.org Event data (built on the server: events/json-ld.server.ts) as a script element. */
export function EventJsonLd({ json }: { json: object }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // JSON with `<` escaped cannot end the element or start markup.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(json).replace(/</g, "\\u003c") }}
    />
  );
}
