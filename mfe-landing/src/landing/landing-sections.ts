// The landing page's anchors: ids the navigation, the footer and e2e scroll to.
export const sectionIds = {
  home: 'home',
  features: 'features',
  offers: 'offers',
  paymentsPrices: 'paymentsprices',
  contactUs: 'contactus',
} as const;

/** Height of the sticky navigation bar; scrolling stops this far above a section. */
export const NAV_HEIGHT_PX = 64;
