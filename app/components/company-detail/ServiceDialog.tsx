import { FileInput, NativeSelect, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { schemaValidator } from "~/components/forms/use-live-validation";
import { useT } from "~/i18n/i18n-context";
import { LIMITS, ServiceSchema } from "~/schemas/company";
import { SERVICE_TYPES, type ServiceType, VALIDITY_DAYS } from "~/schemas/enums";
import { Dialog } from "./Dialog";
import { DialogForm, useDialogForm } from "./DialogForm";

const FIELDS = ["type", "title", "description", "keywords", "termsUrl", "validityDays", "image"] as const;
/** The action parses the same schema; the dialog checks it as the user types. */
const validate = schemaValidator(ServiceSchema);

/** Creates an offer or inquiry (ServiceSchema fields plus an optional image, sent as multipart). */
export function ServiceDialog({ opened, onClose, type }: { opened: boolean; onClose: () => void; type: ServiceType }) {
  const t = useT();
  return (
    <Dialog opened={opened} onClose={onClose} title={t("service.createTitle")}>
      <ServiceForm type={type} onDone={onClose} />
    </Dialog>
  );
}

function ServiceForm({ type, onDone }: { type: ServiceType; onDone: () => void }) {
  const t = useT();
  const form = useDialogForm(FIELDS, "service.created", onDone, validate);
  const { error } = form;

  // Upload problems (size, type, unreadable image) arrive as a form-level code with values, e.g. {maxMb}.
  return (
    <DialogForm form={form} hidden={{ intent: "createService" }} submitLabel={t("service.submit")} testId="service-form" multipart>
      <NativeSelect
        name="type"
        label={t("service.type")}
        required
        defaultValue={type}
        data={SERVICE_TYPES.map((value) => ({ value, label: t(`serviceType.${value}`) }))}
        error={error("type")}
      />
      <TextInput name="title" label={t("service.title")} required maxLength={LIMITS.serviceTitle} error={error("title")} />
      <Textarea
        name="description"
        label={t("service.description")}
        required
        autosize
        minRows={4}
        maxLength={LIMITS.serviceDescription}
        error={error("description")}
      />
      <TextInput name="keywords" label={t("service.keywords")} description={t("service.keywordsHint")} required error={error("keywords")} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput name="termsUrl" inputMode="url" label={t("service.termsUrl")} required maxLength={LIMITS.url} error={error("termsUrl")} />
        <NativeSelect
          name="validityDays"
          label={t("service.validity")}
          required
          defaultValue="30"
          data={VALIDITY_DAYS.map((days) => ({ value: String(days), label: t("service.validityDays", { days }) }))}
          error={error("validityDays")}
        />
      </SimpleGrid>
      <FileInput
        name="image"
        label={t("service.image")}
        description={t("service.imageHint")}
        accept="image/png,image/jpeg,image/webp"
        clearable
        error={error("image")}
      />
    </DialogForm>
  );
}
