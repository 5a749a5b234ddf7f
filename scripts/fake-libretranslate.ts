import { startFakeLibreTranslate } from "../tests/support/fake-translators";

/**
 * A tiny LibreTranslate-speaking server for end-to-end tests and trying the translate buttons
 * locally (decision 041): `FAKE_LT_PORT=5000 npx tsx scripts/fake-libretranslate.ts`, then start
 * the app with LIBRETRANSLATE_URL=http://127.0.0.1:5000. It "translates" by prefixing [cs] / [de].
 */
const port = Number(process.env.FAKE_LT_PORT ?? 5000);
const server = await startFakeLibreTranslate({ port });
console.log(`Fake LibreTranslate on ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
