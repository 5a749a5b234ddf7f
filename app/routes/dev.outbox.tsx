import { Anchor, Code, Paper, Stack, Text, Title } from "@mantine/core";
import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/dev.outbox";
import { useT } from "~/i18n/i18n-context";
import { config } from "~/server/config.server";
import { requireDevSurface } from "~/server/http/dev-surface.server";
import { listOutbox } from "~/server/mail/mailer.server";

export function meta() {
  return [{ title: "Outbox – PartnerNet" }, { name: "robots", content: "noindex" }];
}

/** Development only: the mails written to the outbox folder when no SMTP server is configured. */
export async function loader({ context }: Route.LoaderArgs) {
  requireDevSurface(context);
  if (config.smtpUrl) throw data(null, { status: 404 });
  const mails = await listOutbox(50);
  return { mails: mails.map(({ id, to, subject, text, createdAt }) => ({ id, to, subject, text, createdAt })) };
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <Anchor key={i} href={part}>
        {part}
      </Anchor>
    ) : (
      part
    ),
  );
}

export default function DevOutbox() {
  const t = useT();
  const { mails } = useLoaderData<typeof loader>();
  return (
    <Stack>
      <Title order={1}>{t("dev.outbox.title")}</Title>
      <Text>{t("dev.outbox.intro")}</Text>
      {mails.length === 0 && <Text>{t("dev.outbox.empty")}</Text>}
      {mails.map((mail) => (
        <Paper key={mail.id} withBorder p="md" data-testid="outbox-mail">
          <Text fw={700}>{mail.subject}</Text>
          <Text size="sm">
            {mail.to} · {mail.createdAt}
          </Text>
          <Code block mt="xs" style={{ whiteSpace: "pre-wrap" }}>
            {linkify(mail.text)}
          </Code>
        </Paper>
      ))}
    </Stack>
  );
}
