import { Search } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { ButtonLink } from '../../components/Button';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { faqCategories, faqs, helpIntro, type FaqCategory, type FaqItem } from '../../content/help';
import { useConfig, useText } from '../../lib/configContext';
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
        {item.answer.map((paragraph) => (
          <p key={paragraph}>{text(paragraph)}</p>
        ))}
        {item.link ? (
          <p>
            <Link to={item.link.to}>{item.link.label}</Link>
          </p>
        ) : null}
      </div>
    </details>
  );
}

export default function HelpPage() {
  const text = useText();
  const { supportEmail } = useConfig();
  const [active, setActive] = useState<FaqCategory['id']>('general');
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set());
  const [query, setQuery] = useState('');
  const baseId = useId();

  const toggle = (id: string, open: boolean) =>
    setOpenIds((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const results = searchFaqs(faqs, query, text);
  const searching = query.trim().length > 0;
  const categoryName = (id: FaqCategory['id']) =>
    faqCategories.find((c) => c.id === id)?.name ?? id;

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = faqCategories.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
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
      <PageHero title={helpIntro.title} intro={<p>{helpIntro.intro}</p>}>
        <form className={styles.search} role="search" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="help-search" className="sr-only">
            {helpIntro.searchLabel}
          </label>
          <Search className={styles.searchIcon} size={20} aria-hidden="true" />
          <input
            id="help-search"
            type="search"
            className={styles.searchInput}
            placeholder={helpIntro.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </form>
      </PageHero>
      <Section labelledBy="faq-heading" narrow>
        <h2 id="faq-heading" className="sr-only">
          Frequently asked questions
        </h2>
        <p className="sr-only" aria-live="polite">
          {searching
            ? `${results.length} ${results.length === 1 ? 'result' : 'results'} for “${query.trim()}”`
            : ''}
        </p>
        {searching ? (
          <div className={styles.results} data-testid="search-results">
            {results.length === 0 ? (
              <p className={styles.empty}>
                No questions match “{query.trim()}”. Try another word, or contact support below.
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
            <div className={styles.tabs} role="tablist" aria-label="Help categories">
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
                  {category.name}
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
          <h2 id="still-need-help">{helpIntro.stillNeedHelp}</h2>
          <p>{helpIntro.stillNeedHelpText}</p>
          <div className={styles.helpActions}>
            <ButtonLink to={`mailto:${supportEmail}?subject=Support%20request`}>
              {helpIntro.contactSupport}
            </ButtonLink>
            <ButtonLink to="/contact" variant="outline">
              Use the contact form
            </ButtonLink>
          </div>
        </aside>
      </Section>
    </>
  );
}
