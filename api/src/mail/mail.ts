// What the domain hands to the mailer: a mail is its recipient, subject and plain text. How it leaves (SMTP
// or the outbox folder) is the mail plugin's business.
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}
