import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { Link } from "react-router";
import { useT } from "~/i18n/i18n-context";
import { ContactDialog } from "./ContactDialog";
import { ConfirmDialog } from "./Dialog";
import type { ContactView } from "./types";

/**
 * Contact persons for signed-in visitors; anonymous visitors (contacts null) get a sign-in
 * prompt that brings them back here.
 */
export function ContactList({ contacts, canEdit, loginHref }: { contacts: ContactView[] | null; canEdit: boolean; loginHref: string }) {
  const t = useT();
  const [editing, setEditing] = useState<ContactView | undefined>();
  const [deleting, setDeleting] = useState<ContactView | undefined>();
  const [dialogOpen, dialog] = useDisclosure(false);
  const [confirmOpen, confirm] = useDisclosure(false);

  return (
    <Stack component="section" aria-labelledby="company-contacts" gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3" id="company-contacts">
          {t("companyDetail.contacts")}
        </Title>
        {canEdit && contacts && (
          <Button
            variant="light"
            onClick={() => {
              setEditing(undefined);
              dialog.open();
            }}
            data-testid="add-contact"
          >
            {t("contact.add")}
          </Button>
        )}
      </Group>
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
                <Text>
                  {t("contact.email")}: <Anchor href={`mailto:${contact.email}`}>{contact.email}</Anchor>
                </Text>
                <Text>
                  {t("contact.phone")}: <Anchor href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</Anchor>
                </Text>
                {canEdit && (
                  <Group gap="xs" mt="xs">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => {
                        setEditing(contact);
                        dialog.open();
                      }}
                    >
                      {t("action.edit")}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      c="var(--mantine-color-error)"
                      onClick={() => {
                        setDeleting(contact);
                        confirm.open();
                      }}
                    >
                      {t("action.delete")}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {canEdit && (
        <>
          <ContactDialog key={editing?.id ?? "new"} opened={dialogOpen} onClose={dialog.close} contact={editing} />
          <ConfirmDialog
            opened={confirmOpen}
            onClose={confirm.close}
            title={t("contact.delete")}
            text={deleting ? t("contact.deleteConfirm", { contact: deleting.name ?? deleting.email }) : ""}
            confirmLabel={t("action.delete")}
            fields={{ intent: "deleteContact", contactId: deleting?.id ?? "" }}
            successMessage="contact.deleted"
          />
        </>
      )}
    </Stack>
  );
}
