/**
 * Intl formatters are costly to build (the locale data is resolved each time: ~0.1–0.3 ms each) and
 * cheap to reuse, so pages that format dozens of dates took several ms per render building them.
 * These return one shared formatter per locale tag and options; the options objects are literals at
 * the call sites, so the cache stays as small as the set of distinct formats in the code.
 */
function memoized<Options, Format>(build: (tag: string, options: Options) => Format): (tag: string, options: Options) => Format {
  const formats = new Map<string, Format>();
  return (tag, options) => {
    const key = `${tag}\u0000${JSON.stringify(options)}`;
    let format = formats.get(key);
    if (!format) {
      format = build(tag, options);
      formats.set(key, format);
    }
    return format;
  };
}

export const dateTimeFormat = memoized((tag: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(tag, options));

const cachedNumberFormat = memoized((tag: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, options));
export const numberFormat = (tag: string, options: Intl.NumberFormatOptions = {}) => cachedNumberFormat(tag, options);
