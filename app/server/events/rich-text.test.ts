import { describe, expect, it } from "vitest";
import { hasVisibleRichText, richTextContent, sanitizeRichText } from "./rich-text.server";

describe("sanitizeRichText", () => {
  it("keeps the allowed formatting", () => {
    const html = "<h3>Programm</h3><p><strong>9:00</strong> <em>Begrüßung</em> <u>u</u> <s>s</s><br></p><ul><li>a</li></ul><ol><li>b</li></ol><blockquote>q</blockquote><h4>x</h4>";
    expect(sanitizeRichText(html)).toBe(html.replace("<br>", "<br />"));
  });

  it("opens every link in a new tab without opener or referrer", () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_self" rel="opener" onclick="x()">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:info@example.org">m</a>')).toContain('href="mailto:info@example.org"');
  });

  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<img src=x onerror="alert(1)"><p>ok</p>', "<p>ok</p>"],
    ['<p onmouseover="alert(1)" style="color:red" class="x">ok</p>', "<p>ok</p>"],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="//evil.example">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', "<p>ok</p>"],
    ["<svg><script>alert(1)</script></svg><p>ok</p>", "<p>ok</p>"],
    ["<style>p{}</style><p>ok</p>", "<p>ok</p>"],
    ['<div><span style="x">text</span></div>', "text"],
    ["<p>a < b &amp; c</p>", "<p>a &lt; b &amp; c</p>"],
    ['<form action="x"><input value="y"><p>ok</p></form>', "<p>ok</p>"],
    ["<p>ok<!-- <script>alert(1)</script> --></p>", "<p>ok</p>"],
  ])("neutralises %s", (input, expected) => {
    const output = sanitizeRichText(input);
    expect(output).toBe(expected);
    expect(output).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<img|style=/i);
  });
});

describe("visible text", () => {
  it("counts what a reader sees", () => {
    expect(hasVisibleRichText("<p><br></p>")).toBe(false);
    expect(hasVisibleRichText("<p>&nbsp;\u200b</p>")).toBe(false);
    expect(hasVisibleRichText("<script>alert(1)</script>")).toBe(false);
    expect(hasVisibleRichText("<p>Hallo</p>")).toBe(true);
    expect(richTextContent("<p>a</p><p>b &amp; c</p>")).toBe("a b & c");
  });
});
