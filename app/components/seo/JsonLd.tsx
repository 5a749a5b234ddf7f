import { useNonce } from "~/nonce";

/**
 * schema.org data (built on the server, e.g. events/json-ld.server.ts, companies/json-ld.server.ts)
 * as a script element, with the page's CSP nonce.
 */
export function JsonLd({ json }: { json: object }) {
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
