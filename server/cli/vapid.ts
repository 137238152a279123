/**
 * `npm run vapid`: makes a VAPID key pair for web push (RFC 8292) and prints the settings to put in the
 * server's environment. Without them the server makes a pair once and keeps it in its database.
 */
import webpush from 'web-push';

const keys = webpush.generateVAPIDKeys();
console.log(`VAPID_PUBLIC_KEY=${keys.publicKey}`);
console.log(`VAPID_PRIVATE_KEY=${keys.privateKey}`);
console.log('VAPID_SUBJECT=mailto:support@shtrafy.example.ru  # a contact of the operator: mailto: or https:');
