import sanitizeHtml from "sanitize-html";
import { textOfHtml } from "~/schemas/event";
import { hasVisibleText } from "~/schemas/text";

/**
 * Rich text (event descriptions, later news) is stored as HTML sanitised here, on the server,
 * whatever the editor sent. A small allow-list of formatting; links only to http(s) and mailto,
 * always opening in a new tab without handing the opener or a referrer over (spec §9 "links in
 * sanitised HTML open in a new tab"). Everything else (scripts, styles, event handlers, iframes,
 * images, data: and javascript: URLs) is dropped; text inside dropped tags is kept as text.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "ul", "ol", "li", "a", "h3", "h4", "blockquote"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Content of these is never text a reader should see.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "object", "embed", "svg", "math"],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs["href"] ? { href: attribs["href"] } : {}), target: "_blank", rel: "noopener noreferrer nofollow" },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs["href"] && !frame.text.trim(),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text a reader sees in sanitised HTML. */
export function richTextContent(html: string): string {
  return textOfHtml(sanitizeRichText(html));
}

/** Whether the HTML, once sanitised, shows any visible text ("required" checks). */
export function hasVisibleRichText(html: string): boolean {
  return hasVisibleText(richTextContent(html));
}
