import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled, bordered group of fields in a long form (company profile, event). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section">
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
