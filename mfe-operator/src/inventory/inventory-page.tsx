import { SectionPlaceholder } from '../section-placeholder';

/** /operator/inventory/*: the inventory section of the console. */
export default function InventoryPage() {
  return <SectionPlaceholder title="Inventory" />;
}
