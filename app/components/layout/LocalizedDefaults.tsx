import { createTheme, MantineThemeProvider } from "@mantine/core";
import { type ReactNode, useMemo } from "react";
import { useT } from "~/i18n/i18n-context";

/**
 * Translated default props for Mantine's built-in controls that otherwise have no accessible
 * name (or an English one): the × of dialogs, drawers and clearable file inputs. Every page,
 * dialog and drawer below the layout inherits them (portals keep React context).
 */
export function LocalizedDefaults({ children }: { children: ReactNode }) {
  const t = useT();
  const theme = useMemo(() => {
    const close = { closeButtonProps: { "aria-label": t("action.close") } };
    return createTheme({
      components: {
        Modal: { defaultProps: close },
        Drawer: { defaultProps: close },
        FileInput: { defaultProps: { clearButtonProps: { "aria-label": t("action.clearFile") } } },
      },
    });
  }, [t]);
  return <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>;
}
