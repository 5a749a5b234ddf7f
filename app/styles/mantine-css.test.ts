import path from "node:path";
import { describe, expect, it } from "vitest";
import { mantineStyles, mantineStylesChunk } from "../../vite-plugins/mantine-css";

// The build's per-component Mantine styles (vite-plugins/mantine-css.ts, decision 044).
const styles = mantineStyles(path.resolve(import.meta.dirname, "../.."));
const sheets = (code: string) => styles.importsFor(code).map((line) => /styles\/(\w+)\.css/.exec(line)?.[1] ?? line);

describe("Mantine styles per component", () => {
  it("imports the stylesheets of the components a module uses and of those they render", () => {
    const textInput = sheets('import { TextInput } from "@mantine/core";');
    expect(textInput).toEqual(expect.arrayContaining(["Input", "CloseButton"]));
    expect(textInput).not.toContain("Checkbox");
    const checkbox = sheets('import { Checkbox, Stack } from "@mantine/core";');
    expect(checkbox).toEqual(expect.arrayContaining(["Checkbox", "InlineInput", "Stack"]));
    const actionIcon = sheets('import { ActionIcon } from "@mantine/core";');
    expect(actionIcon).toEqual(expect.arrayContaining(["ActionIcon", "UnstyledButton", "Loader"]));
  });

  it("orders them as Mantine's full styles.css does, and each has a layer", () => {
    const order = styles.layerNames();
    expect(order.slice(0, 3)).toEqual(["baseline", "default-css-variables", "global"]);
    expect(order.indexOf("UnstyledButton")).toBeLessThan(order.indexOf("ActionIcon"));
    const actionIcon = sheets('import { ActionIcon } from "@mantine/core";');
    expect(actionIcon.indexOf("UnstyledButton")).toBeLessThan(actionIcon.indexOf("ActionIcon"));
  });

  it("skips type imports and modules without Mantine, and adds the charts' stylesheet", () => {
    expect(sheets('import type { ButtonProps } from "@mantine/core";')).toEqual([]);
    expect(sheets('import { useState } from "react";')).toEqual([]);
    expect(styles.importsFor('import { BarChart } from "@mantine/charts";')).toEqual(['import "@mantine/charts/styles.css";']);
  });

  it("gives the notification styles to the module that renders the container, not to callers of the store (decision 067)", () => {
    expect(sheets('import { Notifications } from "@mantine/notifications";')).toEqual(expect.arrayContaining(["Notification", "CloseButton"]));
    expect(sheets('import { notifications } from "@mantine/notifications";')).toEqual([]);
    expect(sheets('import { useNotifications } from "@mantine/notifications";')).toEqual([]);
  });

  it("puts the common components' layers into one file", () => {
    expect(mantineStylesChunk("\0mantine-layer:Button.css")).toBe("mantine-common");
    expect(mantineStylesChunk("\0mantine-layer:Table.css")).toBeUndefined();
    expect(mantineStylesChunk("/app/root.tsx")).toBeUndefined();
  });
});
