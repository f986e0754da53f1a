import type { ReactNode } from 'react';
import { SOCKS_CREDENTIAL_LENGTH } from 'contract/account-rules';
import { TOPUP_CREDIT_WAIT_HOURS, TOPUP_RULES } from 'contract/limits';
import { REFUND_OFFLINE_WINDOW_HOURS, REFUND_TICKET_WINDOW_HOURS } from 'contract/support-rules';

export interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * Terms: ten anchored sections, carrying every business rule a customer meets (refunds, validity, top-up
 * limits, support, auto-renewal; see docs/product-rules.md) in words a customer can act on.
 */
export const termsSections: TermsSection[] = [
  {
    id: 'main-section',
    title: 'Main Section',
    body: (
      <>
        <p>
          By creating an account or buying a proxy you accept these terms. Our proxies are for lawful work only. It is
          forbidden to use them for:
        </p>
        <ul>
          <li>spam of any kind: email, SMS, messengers, forums, comments or reviews;</li>
          <li>fraud, carding, phishing, identity theft or any other way of deceiving people or businesses;</li>
          <li>
            attacks on any network or service: DDoS, brute-forcing logins, vulnerability scanning or exploitation, and
            spreading malware;
          </li>
          <li>any activity that is illegal in your country, in the country of the proxy, or under international law.</li>
        </ul>
        <p>
          An account that breaks these rules is closed at once, its proxies stop working and its balance is not
          refunded. We cooperate with lawful requests from the authorities.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-policy',
    title: 'Privacy Policy',
    body: (
      <>
        <p>
          We keep only what running your account needs: your username, your email address, a salted hash of your
          password, your purchases, your top-ups and your support tickets. We never see or keep your password itself.
        </p>
        <p>
          We do not sell or share your data with advertisers. Your email is used for password recovery and for answers
          to your tickets. Payments are made in cryptocurrency, so we never hold card or bank details.
        </p>
      </>
    ),
  },
  {
    id: 'proxy-policy',
    title: 'Proxy Policy',
    body: (
      <>
        <p>
          Every proxy lives 24 hours after purchase. During those 24 hours it is leased to you alone; when they end it
          stops working for you unless auto-renewal buys it again (see Proxy Auto-renewal).
        </p>
        <p>
          SMTP ports are closed on every proxy: no mail can be sent through our network. Proxies are checked against
          the Spamhaus blacklists (SBL, XBL, CSS, PBL) and the result is shown before you buy.
        </p>
      </>
    ),
  },
  {
    id: 'billing-price-policy',
    title: 'Billing & Price Policy',
    body: (
      <>
        <p>Prices depend on the proxy. As a guide:</p>
        <ul>
          <li>a base socks proxy costs $0.5-0.8 for 24 hours;</li>
          <li>a fresh proxy (online for under 12 hours) costs $0.7-1 more;</li>
          <li>a proxy listed on SBL, XBL or CSS has a 50% discount;</li>
          <li>a proxy listed only on PBL (ordinary residential and mobile ranges) is shown as listed, with no discount.</li>
        </ul>
        <p>
          Proxies are paid from your balance. The minimum first deposit is ${TOPUP_RULES.firstMinimum} for a new user, and the whole amount is
          added to your balance. We accept only Bitcoin and Litecoin. If a payment has not been credited to your
          balance within {TOPUP_CREDIT_WAIT_HOURS} hours, open a ticket in the Billing category with the transaction id.
        </p>
      </>
    ),
  },
  {
    id: 'refund-policy',
    title: 'Refund Policy',
    body: (
      <>
        <ul>
          <li>
            If our checks confirm a proxy offline within {REFUND_OFFLINE_WINDOW_HOURS} hours of purchase, it is refunded to your balance
            automatically, without a ticket.
          </li>
          <li>
            A ticket about a bad proxy must be opened within {REFUND_TICKET_WINDOW_HOURS} hours of purchase; later tickets are not refunded.
          </li>
          <li>Only one refund ticket, and one refund, per proxy.</li>
          <li>
            An amount sent to us by mistake can be refunded from the balance from a minimum of $150, minus a flat $50
            fee for manual processing.
          </li>
          <li>If we decline to serve you, your balance is refunded from a minimum of $150.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'account-policy',
    title: 'Account Policy',
    body: (
      <>
        <p>
          One active browser session is allowed per account: logging in somewhere else ends the previous session. A
          session also ends after 5 minutes without activity.
        </p>
        <p>
          You are responsible for everything done with your account and your proxies. Keep your password to yourself
          and change it from Account Settings if you think someone else knows it.
        </p>
      </>
    ),
  },
  {
    id: 'proxy-types',
    title: 'Proxy Types',
    body: (
      <ul>
        <li>
          <strong>Mobile LTE proxies</strong> use IP addresses of cellular providers.
        </li>
        <li>
          <strong>Residential proxies</strong> use IP addresses of home landline connections.
        </li>
        <li>
          <strong>Datacenter proxies</strong> use IP addresses of servers or VPS.
        </li>
      </ul>
    ),
  },
  {
    id: 'faq',
    title: 'F.A.Q',
    body: (
      <dl>
        <dt>How long does a proxy work?</dt>
        <dd>24 hours after purchase, or longer if you turn on auto-renewal for it.</dd>
        <dt>How do I pay?</dt>
        <dd>Top up your balance with Bitcoin or Litecoin on the Payments page; your first deposit is at least ${TOPUP_RULES.firstMinimum}.</dd>
        <dt>My proxy stopped working. What now?</dt>
        <dd>
          If it went offline within {REFUND_OFFLINE_WINDOW_HOURS} hours of purchase, open a ticket within {REFUND_TICKET_WINDOW_HOURS} hours of
          purchase for a refund.
        </dd>
        <dt>Can I send email through a proxy?</dt>
        <dd>No. SMTP ports are closed on every proxy.</dd>
      </dl>
    ),
  },
  {
    id: 'proxy-login-password',
    title: 'login/password for proxies',
    body: (
      <>
        <p>
          Each purchased proxy is delivered as login:password@IP:Port. You may choose your own socks login and password
          in Account Settings: each must be {SOCKS_CREDENTIAL_LENGTH.min} to {SOCKS_CREDENTIAL_LENGTH.max} characters long, using letters and digits only.
        </p>
        <p>
          Leave both fields empty to get generated credentials for each proxy instead: authentication is never off. A
          change applies to proxies you buy afterwards, not to those you already have.
        </p>
      </>
    ),
  },
  {
    id: 'proxy-auto-renewal',
    title: 'Proxy Auto-renewal',
    body: (
      <>
        <p>
          With auto-renewal on, a proxy that is online when its paid period ends is bought again right away and gets
          another 24 hours. If it is offline at that moment, it is renewed once it is online again. Each renewal is
          debited from your balance like a normal purchase; if the balance is not enough, auto-renewal is switched off
          and the lease ends.
        </p>
        <p>Only you can enable or disable auto-renewal, per proxy, on the History page. We never switch it on or off for you.</p>
      </>
    ),
  },
];
