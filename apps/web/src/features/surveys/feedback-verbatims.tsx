import { useEffect, useState } from 'react';
import { Anchor, Badge, Card, Center, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type TFeedbackQuery, SURVEY_LIMITS } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../app/format';
import { useAccLink } from '../../app/shell/use-acc-link';
import { CardSkeleton } from '../../ui/card-skeleton';
import { LoadError } from '../../ui/load-error';
import { useVerbatims } from './surveys-api';

const npsColor = (n: number) => (n >= 9 ? 'teal' : n >= 7 ? 'yellow' : 'red');
const csatColor = (n: number) => (n >= 4 ? 'teal' : n === 3 ? 'yellow' : 'red');

/** The customers' comments with their scores, searchable, each linking to its conversation. */
export function FeedbackVerbatims({ acc, filters }: { acc: string; filters: TFeedbackQuery }) {
  const { t, i18n } = useTranslation('surveys');
  const link = useAccLink();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const limit = SURVEY_LIMITS.verbatimsPageSize;
  const verbatims = useVerbatims(acc, filters, search, page, limit);
  const pages = Math.max(1, Math.ceil((verbatims.data?.count ?? 0) / limit));
  return (
    <Card padding="lg" data-testid="feedback-verbatims">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} fz="md">
          {t('verbatims.title')}
        </Title>
        <TextInput
          type="search"
          w={280}
          aria-label={t('verbatims.search')}
          placeholder={t('verbatims.search')}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
        />
      </Group>
      {verbatims.isPending ? (
        <CardSkeleton rows={3} />
      ) : verbatims.isError ? (
        <LoadError error={verbatims.error} />
      ) : verbatims.data.items.length === 0 ? (
        <Center py="lg">
          <Text c="dimmed" fz="sm">
            {t(search ? 'verbatims.noMatch' : 'verbatims.empty')}
          </Text>
        </Center>
      ) : (
        <Stack gap="sm">
          {verbatims.data.items.map((v) => (
            <Card key={v._id} withBorder padding="sm" data-testid="verbatim">
              <Group gap="xs" mb={4} wrap="wrap">
                {v.csat !== null && (
                  <Badge color={csatColor(v.csat)} variant="light">
                    {t('verbatims.csat', { score: v.csat })}
                  </Badge>
                )}
                {v.nps !== null && (
                  <Badge color={npsColor(v.nps)} variant="light">
                    {t('verbatims.nps', { score: v.nps })}
                  </Badge>
                )}
                <Text fz="sm" fw={500}>
                  {v.contact.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {formatDate(v.answeredAt, i18n.language, true)}
                  {v.operator ? ` · ${v.operator.name}` : ''}
                </Text>
              </Group>
              <Text fz="sm">“{v.comment}”</Text>
              <Anchor component={Link} to={link(`/apps/inbox?c=${v.conversationId}`)} fz="xs">
                {t('verbatims.open')}
              </Anchor>
            </Card>
          ))}
          {pages > 1 && (
            <Group justify="center">
              <Pagination total={pages} value={page} onChange={setPage} />
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
