import { SectionPlaceholder } from '../section-placeholder';

/** /operator/money/*: the money section of the console. */
export default function MoneyPage() {
  return <SectionPlaceholder title="Money" />;
}
