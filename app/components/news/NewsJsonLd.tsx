import { useNonce } from "~/nonce";

/** schema.org NewsArticle data (built on the server: news/json-ld.server.ts) as a script element. */
export function NewsJsonLd({ json }: { json: object }) {
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
