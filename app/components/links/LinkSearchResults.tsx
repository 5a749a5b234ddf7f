import { Anchor, Button, Table, Text } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { useLocale, useT } from "~/i18n/i18n-context";
import { href } from "~/routing/paths";
import type { Country, LinkStatus } from "~/schemas/enums";
import { StatusBadge } from "./StatusBadge";

export interface LinkCandidate {
  id: string;
  name: string;
  city: string | null;
  country: Country | null;
  linkStatus: LinkStatus | null;
  canRequest: boolean;
}

/** Published profiles matching the search; a request button where the user may ask for a link. */
export function LinkSearchResults({ query, results }: { query: string; results: LinkCandidate[] }) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const pendingId = navigation.formData?.get("intent") === "request" ? navigation.formData.get("companyId") : null;

  if (results.length === 0) {
    return <Text data-testid="link-no-results">{t("links.noResults", { query })}</Text>;
  }
  // On phones the three columns are wider than the screen: the table scrolls inside its frame.
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table striped data-testid="link-results">
        <Table.Caption>{t("links.resultCount", { count: results.length })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("links.col.company")}</Table.Th>
            <Table.Th scope="col">{t("links.col.location")}</Table.Th>
            <Table.Th scope="col">{t("links.col.action")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((company) => (
            <Table.Tr key={company.id}>
              <Table.Td>
                <Anchor component={Link} to={href("companyDetail", locale, { id: company.id })}>
                  {company.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{company.city && company.country ? `${company.city} (${t(`country.${company.country}`)})` : "–"}</Table.Td>
              <Table.Td>
                {company.canRequest ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="request" />
                    <input type="hidden" name="companyId" value={company.id} />
                    <Button type="submit" size="xs" loading={pendingId === company.id}>
                      {t("links.request")}
                    </Button>
                  </Form>
                ) : (
                  company.linkStatus && <StatusBadge status={company.linkStatus} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
