import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { ButtonLink } from '../../components/Button';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { faqCategories, faqs, helpIntro, type FaqCategory, type FaqItem } from '../../content/help';
import { StoreBadges } from '../../components/StoreBadges';
import { When } from '../../components/When';
import { useConfig, useText } from '../../lib/configContext';
import { holds } from '../../lib/launch';
import { localeInfo, type LocaleCode } from '../../lib/i18n/locales';
import { searchFaqs } from './search';
import styles from './HelpPage.module.css';

interface ItemProps {
  item: FaqItem;
  open: boolean;
  onToggle: (id: string, open: boolean) => void;
  categoryLabel?: string;
}

/** One question: a native disclosure, so it also opens without JavaScript. */
function Question({ item, open, onToggle, categoryLabel }: ItemProps) {
  const text = useText();
  return (
    <details
      className={styles.item}
      open={open}
      onToggle={(event) => onToggle(item.id, event.currentTarget.open)}
      data-faq-id={item.id}
    >
      <summary className={styles.question}>
        <span className={styles.questionText}>
          {categoryLabel && <span className={styles.categoryTag}>{categoryLabel}</span>}
          {text(item.question)}
        </span>
      </summary>
      <div className={styles.answer}>
        {item.answer.map((paragraph) =>
          'when' in paragraph ? (
            <When key={paragraph.text.id} when={paragraph.when}>
              <p>{text(paragraph.text)}</p>
            </When>
          ) : (
            <p key={paragraph.id}>{text(paragraph)}</p>
          ),
        )}
        {item.link ? (
          <p>
            <Link to={item.link.to}>{text(item.link.label)}</Link>
          </p>
        ) : null}
        {item.stores ? <StoreBadges /> : null}
      </div>
    </details>
  );
}

export default function HelpPage() {
  const text = useText();
  const { i18n, t } = useLingui();
  const config = useConfig();
  const { supportEmail } = config;
  const [active, setActive] = useState<FaqCategory['id']>('general');
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());
  const [input, setInput] = useState('');
  const baseId = useId();

  const toggle = (id: string, open: boolean) =>
    setOpenIds((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  // The questions and answers as this page shows them, in its language.
  const query = input.trim();
  const results = searchFaqs(
    faqs,
    query,
    text,
    i18n.locale,
    (paragraph) => !('when' in paragraph) || holds(paragraph.when, config),
  );
  const count = results.length;
  const searching = query.length > 0;
  const categoryName = (id: FaqCategory['id']) => {
    const category = faqCategories.find((c) => c.id === id);
    return category ? text(category.name) : id;
  };

  // The tabs run along the line of text: in Arabic and Urdu the next tab is on the left.
  const rtl = localeInfo(i18n.locale as LocaleCode).dir === 'rtl';
  const nextKey = rtl ? 'ArrowLeft' : 'ArrowRight';
  const previousKey = rtl ? 'ArrowRight' : 'ArrowLeft';
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = faqCategories.length - 1;
    const target =
      event.key === nextKey
        ? index === last
          ? 0
          : index + 1
        : event.key === previousKey
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    const category = faqCategories[target];
    if (!category) return;
    setActive(category.id);
    document.getElementById(`${baseId}-tab-${category.id}`)?.focus();
  };

  return (
    <>
      <PageHero title={text(helpIntro.title)} intro={<p>{text(helpIntro.intro)}</p>}>
        <form className={styles.search} role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="help-search" className="sr-only">
            {text(helpIntro.searchLabel)}
          </label>
          <Search className={styles.searchIcon} size={20} aria-hidden="true" />
          <input
            id="help-search"
            type="search"
            className={styles.searchInput}
            placeholder={text(helpIntro.searchPlaceholder)}
            dir="auto"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            autoComplete="off"
          />
        </form>
      </PageHero>
      <Section labelledBy="faq-heading" narrow>
        <h2 id="faq-heading" className="sr-only">
          <Trans>Frequently asked questions</Trans>
        </h2>
        <p className="sr-only" aria-live="polite">
          {searching ? (
            <Plural
              value={count}
              one={`# result for “${query}”`}
              other={`# results for “${query}”`}
            />
          ) : (
            ''
          )}
        </p>
        {searching ? (
          <div className={styles.results} data-testid="search-results">
            {count === 0 ? (
              <p className={styles.empty}>
                <Trans>
                  No questions match “<bdi>{query}</bdi>”. Try another word, or contact support
                  below.
                </Trans>
              </p>
            ) : (
              results.map((item) => (
                <Question
                  key={item.id}
                  item={item}
                  open={openIds.has(item.id)}
                  onToggle={toggle}
                  categoryLabel={categoryName(item.category)}
                />
              ))
            )}
          </div>
        ) : (
          <>
            <div className={styles.tabs} role="tablist" aria-label={t`Help categories`}>
              {faqCategories.map((category, index) => (
                <button
                  key={category.id}
                  id={`${baseId}-tab-${category.id}`}
                  type="button"
                  role="tab"
                  aria-selected={active === category.id}
                  aria-controls={`${baseId}-panel-${category.id}`}
                  tabIndex={active === category.id ? 0 : -1}
                  className={styles.tab}
                  onClick={() => setActive(category.id)}
                  onKeyDown={(event) => onTabKeyDown(event, index)}
                >
                  {text(category.name)}
                </button>
              ))}
            </div>
            {faqCategories.map((category) => (
              <div
                key={category.id}
                id={`${baseId}-panel-${category.id}`}
                role="tabpanel"
                aria-labelledby={`${baseId}-tab-${category.id}`}
                hidden={active !== category.id}
                className={styles.panel}
              >
                {faqs
                  .filter((item) => item.category === category.id)
                  .map((item) => (
                    <Question
                      key={item.id}
                      item={item}
                      open={openIds.has(item.id)}
                      onToggle={toggle}
                    />
                  ))}
              </div>
            ))}
          </>
        )}
        <aside className={styles.stillNeedHelp} aria-labelledby="still-need-help">
          <h2 id="still-need-help">{text(helpIntro.stillNeedHelp)}</h2>
          <p>{text(helpIntro.stillNeedHelpText)}</p>
          <div className={styles.helpActions}>
            <ButtonLink
              to={`mailto:${supportEmail}?subject=${encodeURIComponent(
                t({ message: 'Support request', comment: 'The subject of an email to support' }),
              )}`}
            >
              {text(helpIntro.contactSupport)}
            </ButtonLink>
            <ButtonLink to="/contact" variant="outline">
              <Trans>Use the contact form</Trans>
            </ButtonLink>
          </div>
        </aside>
      </Section>
    </>
  );
}
