/**
 * Runs right after `compression()`: keeps one real "drain" listener per response, however often a
 * writer waits for drain with `res.once("drain")` and drops the wait with `res.off("drain")`.
 *
 * Why: compression 1.8 forwards `res.on("drain")` to its zlib stream but leaves `removeListener` on
 * the response (expressjs/compression#135, fix #153 unmerged), so every `once` wait stays attached to
 * the stream. React Router's stream writer waits like that on every back-pressured write, so a long
 * page answered with Brotli collected listeners until Node warned ("11 drain listeners added to
 * [BrotliCompress]") — harmless per response, but noise that hides real leaks.
 *
 * @param {import("express").Request} _req
 * @param {import("express").Response} res
 * @param {() => void} next
 */
export function singleDrainListener(_req, res, next) {
  /** @type {Set<(...args: unknown[]) => void>} */
  const waiting = new Set();
  let attached = false;
  const once = res.once;
  const removeListener = res.removeListener;
  res.once = function (type, listener) {
    if (type !== "drain") return once.call(this, type, listener);
    waiting.add(listener);
    if (!attached) {
      attached = true;
      res.on("drain", (...args) => {
        const due = [...waiting];
        waiting.clear();
        for (const callback of due) callback(...args);
      });
    }
    return this;
  };
  res.removeListener = res.off = function (type, listener) {
    if (type === "drain" && waiting.delete(listener)) return this;
    return removeListener.call(this, type, listener);
  };
  next();
}
