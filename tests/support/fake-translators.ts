import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Real HTTP servers that speak the two machine-translation protocols (decision 041): a
 * LibreTranslate server (POST /translate, GET /languages) and DeepL API v2 (POST /v2/translate).
 * They "translate" by prefixing `[cs] ` / `[de] ` (inside the first HTML tag for HTML), and can be
 * told to fail, to answer slowly or to answer with markup a sanitiser must remove.
 */
export interface FakeTranslator {
  url: string;
  port: number;
  /** Bodies of the translate requests received, in order. */
  requests: Array<{ headers: http.IncomingHttpHeaders; body: Record<string, unknown> }>;
  /** The next `count` translate requests answer with this status. */
  failNext(status: number, count?: number): void;
  /** Every translate request waits this long before answering. */
  setDelay(ms: number): void;
  /** Answers HTML requests with this (to test the sanitiser). */
  setHtmlAnswer(html: string | null): void;
  close(): Promise<void>;
}

export function fakeTranslate(text: string, target: string, format: string): string {
  if (format === "html") return /^<[a-z0-9]+>/i.test(text) ? text.replace(/^(<[a-z0-9]+>)/i, `$1[${target}] `) : `[${target}] ${text}`;
  return `[${target}] ${text}`;
}

interface State {
  failures: Array<number>;
  delay: number;
  htmlAnswer: string | null;
}

async function readBody(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { raw: text };
  }
}

function send(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

async function start(port: number, handler: (request: http.IncomingMessage, response: http.ServerResponse, state: State, requests: FakeTranslator["requests"]) => Promise<void>): Promise<FakeTranslator> {
  const state: State = { failures: [], delay: 0, htmlAnswer: null };
  const requests: FakeTranslator["requests"] = [];
  const server = http.createServer((request, response) => {
    handler(request, response, state, requests).catch(() => send(response, 500, { error: "fake server error" }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    failNext: (status, count = 1) => state.failures.push(...Array.from({ length: count }, () => status)),
    setDelay: (ms) => (state.delay = ms),
    setHtmlAnswer: (html) => (state.htmlAnswer = html),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Waits, then answers a scheduled failure if one is due; true when it answered. */
async function delayAndFail(response: http.ServerResponse, state: State): Promise<boolean> {
  if (state.delay > 0) await new Promise((resolve) => setTimeout(resolve, state.delay));
  const failure = state.failures.shift();
  if (failure === undefined) return false;
  send(response, failure, { error: `fake failure ${failure}`, message: `fake failure ${failure}` });
  return true;
}

/** A LibreTranslate-speaking server; with `apiKey` it refuses requests without that key (403). 0 picks a free port. */
export function startFakeLibreTranslate(options: { port?: number; apiKey?: string } = {}): Promise<FakeTranslator> {
  return start(options.port ?? 0, async (request, response, state, requests) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    if (request.method === "GET" && path === "/languages") {
      send(response, 200, [
        { code: "de", name: "German", targets: ["cs", "de"] },
        { code: "cs", name: "Czech", targets: ["cs", "de"] },
      ]);
      return;
    }
    if (request.method !== "POST" || path !== "/translate") return send(response, 404, { error: "Not found" });
    const body = await readBody(request);
    requests.push({ headers: request.headers, body });
    if (await delayAndFail(response, state)) return;
    if (options.apiKey && body["api_key"] !== options.apiKey) return send(response, 403, { error: "Invalid API key" });
    const { q, target, format = "text" } = body as { q?: unknown; target?: string; format?: string };
    if ((typeof q !== "string" && !Array.isArray(q)) || (target !== "de" && target !== "cs")) return send(response, 400, { error: "Invalid request" });
    const one = (text: string) => (format === "html" && state.htmlAnswer !== null ? state.htmlAnswer : fakeTranslate(text, target, format));
    send(response, 200, { translatedText: Array.isArray(q) ? q.map((text) => one(String(text))) : one(q) });
  });
}

/** A DeepL-API-v2-speaking server accepting `Authorization: DeepL-Auth-Key <authKey>`. */
export function startFakeDeepL(options: { port?: number; authKey: string }): Promise<FakeTranslator> {
  return start(options.port ?? 0, async (request, response, state, requests) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    if (request.method !== "POST" || path !== "/v2/translate") return send(response, 404, { message: "Not found" });
    const body = await readBody(request);
    requests.push({ headers: request.headers, body });
    if (await delayAndFail(response, state)) return;
    if (request.headers.authorization !== `DeepL-Auth-Key ${options.authKey}`) return send(response, 403, { message: "Wrong authentication key" });
    const { text, source_lang, target_lang, tag_handling } = body as { text?: unknown; source_lang?: string; target_lang?: string; tag_handling?: string };
    if (!Array.isArray(text) || !target_lang) return send(response, 400, { message: "Bad request" });
    const target = target_lang.toLowerCase();
    const format = tag_handling === "html" ? "html" : "text";
    send(response, 200, {
      translations: text.map((t) => ({
        detected_source_language: source_lang ?? "DE",
        text: format === "html" && state.htmlAnswer !== null ? state.htmlAnswer : fakeTranslate(String(t), target, format),
      })),
    });
  });
}
