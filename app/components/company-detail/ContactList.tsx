import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useT } from "~/i18n/i18n-context";
import { ConfirmDialog, ContactDialog } from "./lazy-dialogs";
import { ItemActions, ListSection, useItemDialogs } from "./ListSection";
import type { ContactView } from "./types";

/**
 * Contact persons for signed-in visitors; anonymous visitors (contacts null) get a sign-in
 * prompt that brings them back here.
 */
export function ContactList({ contacts, canEdit, loginHref }: { contacts: ContactView[] | null; canEdit: boolean; loginHref: string }) {
  const t = useT();
  const dialogs = useItemDialogs<ContactView>();
  const { deleting } = dialogs;

  return (
    <ListSection
      id="company-contacts"
      title={t("companyDetail.contacts")}
      add={canEdit && contacts ? { label: t("contact.add"), testId: "add-contact", onClick: () => dialogs.edit() } : undefined}
    >
      {contacts === null ? (
        <Paper withBorder p="md" data-testid="contacts-sign-in">
          <Group justify="space-between">
            <Text>{t("companyDetail.contactsSignIn")}</Text>
            <Button component={Link} to={loginHref} variant="light">
              {t("companyDetail.signIn")}
            </Button>
          </Group>
        </Paper>
      ) : contacts.length === 0 ? (
        <Text c="dimmed">{t("companyDetail.noContacts")}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {contacts.map((contact) => (
            <Paper key={contact.id} withBorder p="md" data-testid="contact">
              <Stack gap={4}>
                <Title order={3} size="h5">
                  {t(`contactFunction.${contact.function}`)}
                </Title>
                {contact.name && <Text fw={500}>{contact.name}</Text>}
                <Text style={{ overflowWrap: "anywhere" }}>
                  {t("contact.email")}: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
                </Text>
                <Text>
                  {t("contact.phone")}: <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</Anchor>
                </Text>
                {canEdit && <ItemActions onEdit={() => dialogs.edit(contact)} onDelete={() => dialogs.remove(contact)} />}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {canEdit && (
        <>
          <ContactDialog key={dialogs.editing?.id ?? "new"} opened={dialogs.dialogOpen} onClose={dialogs.closeDialog} contact={dialogs.editing} />
          <ConfirmDialog
            opened={dialogs.confirmOpen}
            onClose={dialogs.closeConfirm}
            title={t("contact.delete")}
            text={deleting ? t("contact.deleteConfirm", { contact: deleting.name ?? deleting.email }) : ""}
            confirmLabel={t("action.delete")}
            fields={{ intent: "deleteContact", contactId: deleting?.id ?? "" }}
            successMessage="contact.deleted"
          />
        </>
      )}
    </ListSection>
  );
}
