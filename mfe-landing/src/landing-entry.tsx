import { lazy } from 'react';
import { yieldToBrowser } from 'shared/browser/idle';

/**
 * The landing page as the portal loads it. Its code (the sections and the MUI components they use) arrives
 * in one file, but running all of it at once was one of the longest tasks of a phone's first visit; here
 * it runs section by section with a browser turn between (`eager`: no extra files). Until the last step,
 * the page the server sent stays on screen as it is.
 */
const LandingPage = lazy(async () => {
  await import(/* webpackMode: "eager" */ './landing/landing-nav');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './landing/hero-section');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './landing/features-section');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './landing/offers-section');
  await yieldToBrowser();
  await import(/* webpackMode: "eager" */ './landing/payments-section');
  await yieldToBrowser();
  return import(/* webpackMode: "eager" */ './landing-page');
});

export default LandingPage;
