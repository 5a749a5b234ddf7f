import { Menu, UnstyledButton } from "@mantine/core";
import { Form, Link } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { RootData } from "~/root-data";
import { isBuilt } from "~/routing/catalogue";
import { href } from "~/routing/paths";

/**
 * The signed-in user's menu. A module of its own, loaded only for signed-in users (AccountMenu):
 * Mantine's Menu brings the floating-ui positioning and focus trap, which an anonymous visitor's
 * page does not need (decision 044).
 */
export default function SignedInMenu({ user }: { user: NonNullable<RootData["user"]> }) {
  const t = useT();
  const locale = useLocale();
  const adminArea = user.role === "Admin" || user.role === "Multiplikator";
  return (
    <Menu position="bottom-end" openDelay={300} closeDelay={250} withinPortal>
      <Menu.Target>
        {/* One line whatever the name's length: cut with "…" (the full name is the accessible name and the tooltip). */}
        <UnstyledButton
          aria-label={t("nav.accountMenu", { name: user.name })}
          title={user.name}
          data-testid="account-menu"
          data-signed-in-menu=""
          maw={{ base: 128, sm: 240 }}
          style={{
            padding: "4px 10px",
            borderRadius: 4,
            border: "1px solid var(--mantine-color-default-border)",
            whiteSpace: "nowrap",
            overflow: "hidden",
            textOverflow: "ellipsis",
            minWidth: 0,
          }}
        >
          {user.name}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={href("account", locale)}>
          {t("nav.account")}
        </Menu.Item>
        {isBuilt("myEvents") && (
          <Menu.Item component={Link} to={href("myEvents", locale)}>
            {t("nav.myEvents")}
          </Menu.Item>
        )}
        {adminArea && (
          <Menu.Item component={Link} to={href("admin", locale)}>
            {t("nav.admin")}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Form method="post" action="/auth/logout">
          <input type="hidden" name="locale" value={locale} />
          <Menu.Item component="button" type="submit" data-testid="logout">
            {t("nav.logout")}
          </Menu.Item>
        </Form>
      </Menu.Dropdown>
    </Menu>
  );
}
