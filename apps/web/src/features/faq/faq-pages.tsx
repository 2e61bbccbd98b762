import { Alert, Anchor, Badge, Blockquote, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAccLink } from '../../app/shell/use-acc-link';
import { PageHeader } from '../../ui/page-header';
import { NotFoundPage } from '../status/status-pages';

/** The subpages of /faq/chatbot-ia, in reading order ({product}-ia is Atende's own page). */
export const FAQ_PAGES = [
  'atende-ia',
  'base-conhecimento',
  'prompt-atendimento',
  'configuracoes-avancadas',
  'limitacoes-chatgpt',
  'exemplos-prompts',
] as const;
type TFaqPage = (typeof FAQ_PAGES)[number];

const INDEX_PATH = '/faq/chatbot-ia';
const pagePath = (page: TFaqPage) => `${INDEX_PATH}/${page}`;

interface TSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
  examples?: { kind: 'good' | 'bad'; text: string }[];
}

/** /faq/chatbot-ia: the AI chatbot help's table of contents. */
export function FaqIndexPage() {
  const { t } = useTranslation('faq');
  const link = useAccLink();
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={t('index.title')} description={t('index.description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {FAQ_PAGES.map((page) => (
          <Card key={page} padding="lg" withBorder component="article">
            <Stack gap="xs" h="100%">
              <Title order={2} fz="md">
                <Anchor component={Link} to={link(pagePath(page))}>
                  {t(`pages.${page}.title`)}
                </Anchor>
              </Title>
              <Text fz="sm" c="dimmed">
                {t(`pages.${page}.summary`)}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to={link('/apps/chatbots')} fz="sm">
        {t('index.editorLink')}
      </Anchor>
    </Stack>
  );
}

/** /faq/chatbot-ia/:page: one help page; an unknown page is the 404 page. */
export function FaqArticlePage() {
  const { page } = useParams();
  if (!FAQ_PAGES.includes(page as TFaqPage)) return <NotFoundPage />;
  return <FaqArticle page={page as TFaqPage} />;
}

function FaqArticle({ page }: { page: TFaqPage }) {
  const { t } = useTranslation('faq');
  const link = useAccLink();
  const sections = t(`pages.${page}.sections`, { returnObjects: true }) as TSection[];
  return (
    <Stack gap="lg" maw={820} component="article">
      <Anchor component={Link} to={link(INDEX_PATH)} fz="sm">
        <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
        {t('back')}
      </Anchor>
      <PageHeader title={t(`pages.${page}.title`)} description={t(`pages.${page}.summary`)} />
      {sections.map((section) => (
        <FaqSection key={section.title} section={section} />
      ))}
    </Stack>
  );
}

function FaqSection({ section }: { section: TSection }) {
  const { t } = useTranslation('faq');
  const missing = section.title === t('notAvailable');
  const body = (
    <Stack gap="sm">
      {section.paragraphs?.map((p) => (
        <Text key={p} fz="sm">
          {p}
        </Text>
      ))}
      {section.examples?.map((ex) => (
        <Blockquote
          key={ex.text}
          color={ex.kind === 'good' ? 'teal' : 'red'}
          icon={ex.kind === 'good' ? <IconCheck size={18} /> : <IconX size={18} />}
          p="md"
          data-testid={`example-${ex.kind}`}
        >
          <Badge variant="light" color={ex.kind === 'good' ? 'teal' : 'red'} tt="none" mb="xs">
            {t(ex.kind)}
          </Badge>
          <Text fz="sm">{ex.text}</Text>
        </Blockquote>
      ))}
      {section.items && (
        <List spacing={6} fz="sm">
          {section.items.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
  return (
    <section>
      <Title order={2} fz="lg" mb="sm">
        {section.title}
      </Title>
      {missing ? (
        <Alert color="gray" variant="light">
          {body}
        </Alert>
      ) : (
        body
      )}
    </section>
  );
}
