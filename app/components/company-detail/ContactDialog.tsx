import { Checkbox, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { schemaValidator } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import { ContactSchema, LIMITS } from "~/schemas/company";
import { CONTACT_FUNCTIONS } from "~/schemas/enums";
import { Dialog } from "./Dialog";
import { DialogForm, useDialogForm } from "./DialogForm";
import type { ContactView } from "./types";

const FIELDS = ["function", "name", "email", "phone", "consent"] as const;
/** The action parses the same schema; the dialog checks it as the user types. */
const validate = schemaValidator(ContactSchema);

/** Adds a contact person, or edits `contact`; publishing needs the consent confirmation each time. */
export function ContactDialog({ opened, onClose, contact }: { opened: boolean; onClose: () => void; contact?: ContactView | undefined }) {
  const t = useT();
  return (
    <Dialog opened={opened} onClose={onClose} title={t(contact ? "contact.edit" : "contact.add")}>
      <ContactForm contact={contact} onDone={onClose} />
    </Dialog>
  );
}

function ContactForm({ contact, onDone }: { contact: ContactView | undefined; onDone: () => void }) {
  const t = useT();
  const form = useDialogForm(FIELDS, contact ? "contact.updated" : "contact.created", onDone, validate);
  const { error } = form;

  return (
    <DialogForm
      form={form}
      hidden={{ intent: contact ? "updateContact" : "addContact", contactId: contact?.id }}
      submitLabel={t("action.save")}
      testId="contact-form"
    >
      <NativeSelect
        name="function"
        label={t("contact.function")}
        required
        defaultValue={contact?.function ?? "GENERAL"}
        data={CONTACT_FUNCTIONS.map((fn) => ({ value: fn, label: t(`contactFunction.${fn}`) }))}
        error={error("function")}
      />
      <TextInput
        name="name"
        label={t("contact.name")}
        maxLength={LIMITS.contactName}
        autoComplete="off"
        defaultValue={contact?.name ?? ""}
        error={error("name")}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput name="email" type="email" label={t("contact.email")} required autoComplete="off" defaultValue={contact?.email} error={error("email")} />
        <TextInput
          name="phone"
          type="tel"
          label={t("contact.phone")}
          required
          maxLength={LIMITS.phone}
          autoComplete="off"
          defaultValue={contact?.phone}
          error={error("phone")}
        />
      </SimpleGrid>
      <Checkbox name="consent" label={t("contact.consent")} required error={error("consent")} data-testid="contact-consent" />
    </DialogForm>
  );
}
