// Generated from the service's OpenAPI document by `npm run api:types`. Do not edit.

export interface paths {
    "/api/admin/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke any user's API key: it stops working at once (401 on its next call); audited */
        delete: operations["AdminApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What admins did (sign in as, role and tariff changes, deletions, support replies), newest first */
        get: operations["Audit_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/support": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Support requests of all accounts with their authors, newest first; `status` filters */
        get: operations["AdminSupport_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/support/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer a request: it becomes `answered`, the author gets the answer by mail and in the cabinet; audited */
        post: operations["AdminSupport_reply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live accounts, newest first, with their bots and this month’s messages; `email` filters by part of the address */
        get: operations["Admin_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the account: sessions end, keys are revoked, bots deactivated, subscriptions and broadcasts stopped, team dissolved, the address is free again; history stays until the final cleanup. Audited */
        delete: operations["Admin_remove"];
        options?: never;
        head?: never;
        /** Change a user's global role and/or the account's tariff (only admins promote); audited */
        patch: operations["Admin_update"];
        trace?: never;
    };
    "/api/admin/users/{id}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user's API keys, as they list them (never the keys themselves) */
        get: operations["Admin_listApiKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/impersonate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in as the user: a one-hour session marked with the admin (not for admins); audited */
        post: operations["Admin_impersonate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the address with the mailed code; opens a session */
        post: operations["Auth_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in; unconfirmed accounts may sign in too */
        post: operations["Auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End this session (other devices stay signed in) */
        post: operations["Auth_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register; a six-digit code is mailed to the address */
        post: operations["Auth_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a new code (answers 204 whether or not the address has an account) */
        post: operations["Auth_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/avatars/contact/{botId}/{externalUserId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A contact's profile image, fetched through the platform and cached for 60 minutes
         * @description Send the session bearer header, or use a signed link (`expires` and `signature`) that works without it.
         */
        get: operations["Avatars_contactAvatar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's plan changes, newest first (owner only; no payment gateway) */
        get: operations["Billing_invoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/billing/tariff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change the account's plan (owner only); every change leaves an invoice */
        put: operations["Billing_change"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your bots */
        get: operations["Bots_list"];
        put?: never;
        /** Bind a bot; a token is checked with the platform (Telegram getMe, MAX GET /me) */
        post: operations["Bots_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One bot */
        get: operations["Bots_get"];
        put?: never;
        post?: never;
        /** Delete a bot: it is deactivated at once and its data removed by the scheduled cleanup */
        delete: operations["Bots_remove"];
        options?: never;
        head?: never;
        /** Change a bot: name, token, target_url, utm_key, reply_window_s, alert rules, or activate/deactivate it */
        patch: operations["Bots_update"];
        trace?: never;
    };
    "/api/bots/{id}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's alerts, newest first */
        get: operations["BotHealth_alerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/broadcasts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's broadcasts with their counts, status and timing, newest first */
        get: operations["Broadcasts_list"];
        put?: never;
        /**
         * Start or schedule a broadcast to a segment, optionally with a photo, audio or file
         * @description Answers at once with the queued (or, with send_at, scheduled) broadcast; follow it in GET .../broadcasts. A file is uploaded to the platform once and sent by reference to everyone.
         */
        post: operations["Broadcasts_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/broadcasts/{broadcastId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a scheduled or running broadcast; contacts not reached yet do not get it */
        post: operations["Broadcasts_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/broadcasts/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many contacts a broadcast with this platform and segment would reach now */
        post: operations["Broadcasts_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/buttons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Button presses per callback data value within a time window, most pressed first */
        get: operations["Buttons_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's contacts, most recently seen first; `q` finds them by a part of the name, username or phone, or by the user id */
        get: operations["Contacts_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/contacts/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One contact by its platform user id: profile, message counts and attribution */
        get: operations["Contacts_get"];
        put?: never;
        post?: never;
        /**
         * Erase one person's data: the contact with its messages, touches and funnel reach
         * @description One transaction; the reports (stats, timeline, sources, funnel, intents) then read as if the contact had never written. The audit log records who erased which contact of which bot. The month’s recorded-message usage of the plan is not given back. The bot owner or a team administrator.
         */
        delete: operations["ContactErasure_erase"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/contacts/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cabinet's «Скачать CSV»: every contact as the open API's export gives them */
        get: operations["Contacts_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/dialogs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's dialogs, the most recent first */
        get: operations["Dialogs_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/dialogs/{userId}/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One dialog's clicks on tracked links, newest first, with the same limit and from/to as its messages
         * @description Session API only: the cabinet shows each click through the contact's own link as a marker.
         */
        get: operations["Dialogs_clicks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/dialogs/{userId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One dialog: its messages both ways, newest first, each with the intents it matched */
        get: operations["Dialogs_history"];
        put?: never;
        /**
         * Reply to the contact: a text, or a photo, audio or file with an optional caption
         * @description Same rules as the open-API send. Multipart `file` (up to 50 MB) with `kind` photo|audio|file is sent as the closed broadcast sends it (Telegram sendPhoto/sendAudio/sendDocument, MAX upload then attachment), `text` as its caption.
         */
        post: operations["Dialogs_reply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/dialogs/{userId}/presses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One dialog's button presses, newest first, with the same limit and from/to as its messages
         * @description Session API only: the cabinet shows each press as a marker among the messages.
         */
        get: operations["Dialogs_presses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/funnel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contacts that reached each stage, and the conversion from the stage before */
        get: operations["Funnels_result"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/funnel/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's funnel stages (empty until the first PUT) */
        get: operations["Funnels_getConfig"];
        /** Replace the funnel stages; new stage conditions are counted over the history in the background */
        put: operations["Funnels_putConfig"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's health: reply times, unanswered messages, platform and target errors, per day */
        get: operations["BotHealth_report"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's intents with their rules and counts */
        get: operations["Intents_list"];
        put?: never;
        /** Create an intent: keywords (whole words, any case) and RE2 patterns */
        post: operations["Intents_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/intents/{intentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an intent and its matches */
        delete: operations["Intents_remove"];
        options?: never;
        head?: never;
        /** Change an intent; is_active=false stops matching new messages */
        patch: operations["Intents_update"];
        trace?: never;
    };
    "/api/bots/{id}/intents/{intentId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages the intent matched, newest first */
        get: operations["Intents_messages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's tracked links with their clicks, newest first */
        get: operations["Links_page"];
        put?: never;
        /** Create a tracked link: `short_url` redirects to `url` and counts the clicks */
        post: operations["Links_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One tracked link with its clicks */
        get: operations["Links_get"];
        put?: never;
        post?: never;
        /** Delete a tracked link: its short URL answers 404 from now on */
        delete: operations["Links_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/links/{linkId}/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tracked link's clicks and unique visitors per UTC day */
        get: operations["Links_timeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/messages/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's messages as a CSV file, as the open API's export gives them */
        get: operations["MessagesExport_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's payments, newest first, as the open API lists them */
        get: operations["Payments_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/payments/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cabinet's «Скачать CSV» of payments: every payment of the bot, newest first */
        get: operations["Revenue_exportPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retention cohorts: contacts first seen in each week or day, and how many wrote again in each period since */
        get: operations["Retention_cohorts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Revenue of a window of UTC days: per currency, per source, per product (payload) and per day */
        get: operations["Revenue_report"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/revenue/cohorts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LTV cohorts: contacts first seen in each week or day, and their net revenue per contact by the end of each period since */
        get: operations["Revenue_cohorts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contacts and touches per traffic source and campaign, with the source mappings applied */
        get: operations["Sources_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/sources/mappings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's source mappings */
        get: operations["SourceMappings_list"];
        /** Replace all of the bot's source mappings (at most 500, raw values unique); the body is the array itself or `{ data: [...] }`. Reports regroup their whole history at once. */
        put: operations["SourceMappings_replace"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's totals and 24-hour / 7-day activity, computed on each request */
        get: operations["Stats_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/stats/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages and new contacts per UTC day over the last `days` days, oldest first */
        get: operations["Stats_timeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The platform's webhook info for the bot (Telegram getWebhookInfo, MAX GET /subscriptions) */
        get: operations["Webhook_info"];
        put?: never;
        /** Connect proxy-webhook mode: set the platform webhook (Telegram setWebhook, MAX POST /subscriptions) to the proxy URL with a fresh secret */
        post: operations["Webhook_connect"];
        /** Disconnect proxy-webhook mode: remove the webhook on the platform and forget its secret */
        delete: operations["Webhook_disconnect"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account: role, the team's plan and this month's usage, team place, impersonation */
        get: operations["Me_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (never the keys themselves) */
        get: operations["ApiKeys_list"];
        put?: never;
        /** Issue an API key; the key is shown only in this answer */
        post: operations["ApiKeys_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: operations["ApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your subscriptions (without secrets) */
        get: operations["Webhooks_list"];
        put?: never;
        /** Subscribe a URL to events; the signing secret is shown only in this answer */
        post: operations["Webhooks_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a subscription */
        delete: operations["Webhooks_remove"];
        options?: never;
        head?: never;
        /** Change the URL, the events or whether the subscription is active */
        patch: operations["Webhooks_update"];
        trace?: never;
    };
    "/api/me/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The last deliveries, newest first (at most 50) */
        get: operations["Webhooks_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test.ping now and answer its delivery record */
        post: operations["Webhooks_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/support": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your support requests, newest first, with the answers */
        get: operations["Support_list"];
        put?: never;
        /** Write to support */
        post: operations["Support_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tariffs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans: price, monthly message cap, team size (no sign-in needed) */
        get: operations["Billing_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team of the account you work on: its plan, the people and your role (pending invitations for the owner) */
        get: operations["Teams_describe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every key of the account's owner and members, with its holder (never the keys themselves) */
        get: operations["TeamApiKeys_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/api-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key of someone in the account; it stops working at once (the owner's keys: owner only) */
        delete: operations["TeamApiKeys_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite an address with a role; the single-use link is mailed (business plan, up to 10 people) */
        post: operations["Teams_invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invites/{inviteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw a pending invitation */
        delete: operations["Teams_cancel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/invites/{token}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Join the team the mailed token invites you to (signed in with the invited address) */
        post: operations["Teams_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Leave the team you are a member of (the owner cannot) */
        post: operations["Teams_leave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/team/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member: they lose access to the account at once */
        delete: operations["Teams_remove"];
        options?: never;
        head?: never;
        /** Change a member's role */
        patch: operations["Teams_setRole"];
        trace?: never;
    };
    "/api/v1/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key owner's bots */
        get: operations["BotsV1_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One bot */
        get: operations["BotsV1_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's alerts, newest first */
        get: operations["BotHealthV1_alerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/broadcast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a text to every contact of the bot; answers when the last one is processed
         * @description Contacts that blocked the bot are left out. Paced at the platform limit (30 sends/s by default, about 3 minutes for 5,000 contacts). The broadcast runs as a background job: if the client goes away or times out, it still finishes; see it in GET /api/bots/{id}/broadcasts. Two identical calls send two broadcasts; do not retry after 5xx.
         */
        post: operations["BroadcastV1_broadcast"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/broadcasts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bot's broadcasts, open-API and closed, newest first, with counts, status and timing
         * @description Added in API v1.1.
         */
        get: operations["BroadcastsV1_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/broadcasts/{broadcastId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One broadcast of the bot with its counts, status and timing
         * @description Added in API v1.1.
         */
        get: operations["BroadcastsV1_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/buttons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Button presses per callback data value within a time window, most pressed first */
        get: operations["ButtonsV1_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bot's contacts, most recently seen first
         * @description Since API v1.1, `q` finds contacts by a part of the name, username or phone, or by the user id, as in the cabinet; `total` then counts what the search finds.
         */
        get: operations["ContactsV1_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/contacts/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One contact by its platform user id: profile, message counts and attribution */
        get: operations["ContactsV1_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/contacts/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every contact of the bot as a CSV file, most recently seen first, streamed
         * @description Added in API v1.1.
         */
        get: operations["ContactsV1_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/dialogs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's dialogs, the one with the most recent message first */
        get: operations["DialogsV1_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's health: reply times, unanswered messages, platform and target errors, per day */
        get: operations["BotHealthV1_report"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/intents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's intents with their match counters (the rules stay in the session API) */
        get: operations["IntentsV1_list"];
        put?: never;
        /**
         * Create an intent: keywords (whole words, any case) and RE2 patterns
         * @description Added in API v1.1.
         */
        post: operations["IntentsV1_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/intents/{intentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an intent and its matches
         * @description Added in API v1.1.
         */
        delete: operations["IntentsV1_remove"];
        options?: never;
        head?: never;
        /**
         * Change an intent; is_active=false stops matching new messages
         * @description Added in API v1.1.
         */
        patch: operations["IntentsV1_update"];
        trace?: never;
    };
    "/api/v1/bots/{id}/intents/{intentId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Messages the intent matched, newest first
         * @description Added in API v1.1.
         */
        get: operations["IntentsV1_messages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's tracked links with their clicks, newest first */
        get: operations["LinksV1_page"];
        put?: never;
        /** Create a tracked link: `short_url` redirects to `url` and counts the clicks */
        post: operations["LinksV1_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/links/{linkId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One tracked link with its clicks */
        get: operations["LinksV1_get"];
        put?: never;
        post?: never;
        /** Delete a tracked link: its short URL answers 404 from now on */
        delete: operations["LinksV1_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/links/{linkId}/clicks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A tracked link's clicks and unique visitors per UTC day */
        get: operations["LinksV1_timeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's messages, newest first, optionally of one user and within a time window */
        get: operations["MessagesV1_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/messages/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bot's messages as a CSV file, newest first, streamed; `from`, `to` and `userId` filter as in the list
         * @description Added in API v1.1.
         */
        get: operations["MessagesV1_export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The bot's payments, newest first
         * @description Added in API v1.2.
         *
         *     Captured from Telegram (`successful_payment`, in mirror and proxy mode) and reported with POST. Pages of `limit`; pass `next_before` as `before` for the next one.
         */
        get: operations["PaymentsV1_list"];
        put?: never;
        /**
         * Record a payment a contact made outside the platform (any platform: your own payment provider)
         * @description Added in API v1.2.
         *
         *     Answers 201 with the payment. The same `charge_id` again with the same fields answers 200 with the stored payment (a repeated request records nothing); with other fields 409. Recorded on the free plan past its message cap too. Emits `payment.succeeded`.
         */
        post: operations["PaymentsV1_record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/payments/{charge_id}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark a payment refunded
         * @description Added in API v1.2.
         *
         *     Any recorded payment, captured or reported. A payment refunded already is answered unchanged. Emits `payment.refunded` when it changes.
         */
        post: operations["PaymentsV1_refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Retention cohorts: contacts first seen in each week or day, and how many wrote again in each period since */
        get: operations["RetentionV1_cohorts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Revenue of a window of UTC days: per currency, per source, per product (payload) and per day */
        get: operations["RevenueV1_report"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/revenue/cohorts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** LTV cohorts: contacts first seen in each week or day, and their net revenue per contact by the end of each period since */
        get: operations["RevenueV1_cohorts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a text to one contact
         * @description Not queued or retried: a 429 from the platform comes back in `provider`. After a 502 the platform may already have delivered; check GET /messages?userId= for the same text before retrying.
         */
        post: operations["SendV1_send"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contacts and touches per traffic source and campaign, with the source mappings applied */
        get: operations["SourcesV1_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's totals and 24-hour / 7-day activity, computed on each request */
        get: operations["StatsV1_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bots/{id}/stats/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Messages and new contacts per UTC day over the last `days` days, oldest first */
        get: operations["StatsV1_timeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["Health_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: PostgreSQL and Redis answer, and the instance is not shutting down */
        get: operations["Health_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/l/{code}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tracked link: redirects to its URL and counts the click
         * @description Answered once the click is committed (while PostgreSQL is away, at once, the click held to be written later). HEAD answers the same without a click; link-preview robots (Telegram, Facebook, Twitter, Slack, WhatsApp, Discord, VK, Skype, search engines) are redirected without a click. The Location is always the stored URL: nothing of the request (path, query) is ever redirected to.
         */
        get: operations["LinkRedirect_open"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/l/{code}/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A tracked link as one contact's: redirects, the click attributed to the contact
         * @description Answered once the click is committed (while PostgreSQL is away, at once, the click held to be written later). HEAD answers the same without a click; link-preview robots (Telegram, Facebook, Twitter, Slack, WhatsApp, Discord, VK, Skype, search engines) are redirected without a click. The Location is always the stored URL: nothing of the request (path, query) is ever redirected to. A token that does not name a contact of this link redirects all the same, the click anonymous.
         */
        get: operations["LinkRedirect_personal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/max/{resource}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * MAX Bot API mirror: forwarded to MAX_API_URL unchanged (token in the Authorization header or ?access_token=)
         * @description `GET /updates` and `POST /messages` are recorded (contract §4). The resource may span several path segments.
         */
        get: operations["MaxMirror_get"];
        /**
         * MAX Bot API mirror: forwarded to MAX_API_URL unchanged (token in the Authorization header or ?access_token=)
         * @description `GET /updates` and `POST /messages` are recorded (contract §4). The resource may span several path segments.
         */
        put: operations["MaxMirror_put"];
        /**
         * MAX Bot API mirror: forwarded to MAX_API_URL unchanged (token in the Authorization header or ?access_token=)
         * @description `GET /updates` and `POST /messages` are recorded (contract §4). The resource may span several path segments.
         */
        post: operations["MaxMirror_post"];
        /**
         * MAX Bot API mirror: forwarded to MAX_API_URL unchanged (token in the Authorization header or ?access_token=)
         * @description `GET /updates` and `POST /messages` are recorded (contract §4). The resource may span several path segments.
         */
        delete: operations["MaxMirror_delete"];
        options?: never;
        head?: never;
        /**
         * MAX Bot API mirror: forwarded to MAX_API_URL unchanged (token in the Authorization header or ?access_token=)
         * @description `GET /updates` and `POST /messages` are recorded (contract §4). The resource may span several path segments.
         */
        patch: operations["MaxMirror_patch"];
        trace?: never;
    };
    "/proxy/{bot_id}/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The bot's webhook in proxy-webhook mode: stores the update, then forwards it to target_url
         * @description Set as the platform webhook by `POST /api/bots/{id}/webhook`. The update is committed before it is forwarded; for Telegram the target's 2xx answer becomes the webhook answer, MAX always gets an empty 200.
         */
        post: operations["ProxyReceiver_receive"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tg/bot{token}/{method}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Telegram Bot API mirror: forwarded to TELEGRAM_API_URL unchanged, its answer relayed unchanged
         * @description getUpdates and the send methods are recorded (contract §4). A long poll waits its timeout plus 30 s.
         */
        get: operations["TelegramMirror_callGet"];
        put?: never;
        /**
         * Telegram Bot API mirror: forwarded to TELEGRAM_API_URL unchanged, its answer relayed unchanged
         * @description getUpdates and the send methods are recorded (contract §4). A long poll waits its timeout plus 30 s.
         */
        post: operations["TelegramMirror_call"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tg/file/bot{token}/{file_path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Telegram file download through the mirror, streamed */
        get: operations["TelegramMirror_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AcceptedInviteDto: {
            /** Format: uuid */
            account_id: string;
            /** @enum {string} */
            role: "administrator" | "observer";
        };
        AdminTicketDto: {
            author: components["schemas"]["TicketAuthorDto"];
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @description Oldest first. */
            replies: components["schemas"]["TicketReplyDto"][];
            /**
             * @description `open` until support answers, then `answered`.
             * @enum {string}
             */
            status: "open" | "answered";
            subject: string;
            text: string;
        };
        AdminTicketListDto: {
            /** @description Requests of live accounts, newest first. */
            data: components["schemas"]["AdminTicketDto"][];
            limit: number;
            offset: number;
            /** @description Rows matching the filter, all pages. */
            total: number;
        };
        AdminUserDto: {
            /** @description Bots of the account that are not deleted. */
            bots_count: number;
            /**
             * Format: date-time
             * @example 2026-11-01T08:00:00.000Z
             */
            created_at: string;
            /** @example owner@example.com */
            email: string;
            /** @example true */
            email_confirmed: boolean;
            /** Format: uuid */
            id: string;
            /** @description Messages recorded for the account this UTC month, both directions. */
            messages_this_month: number;
            /**
             * @example user
             * @enum {string}
             */
            role: "user" | "admin";
            /** @example free */
            tariff: string;
        };
        AdminUserListDto: {
            /** @description Live accounts, newest first. */
            data: components["schemas"]["AdminUserDto"][];
            limit: number;
            offset: number;
            /** @description Rows matching the filter, all pages. */
            total: number;
        };
        AlertDto: {
            /**
             * @description What was seen when it opened, by kind (docs/health.md).
             * @example {
             *       "unanswered": 4,
             *       "since": "2026-11-28T02:58:00.000Z"
             *     }
             */
            details: {
                [key: string]: unknown;
            };
            /** Format: uuid */
            id: string;
            /**
             * @example silence
             * @enum {string}
             */
            kind: "silence" | "errors" | "target" | "polling";
            /**
             * Format: date-time
             * @example 2026-11-28T03:10:00.000Z
             */
            opened_at: string;
            /**
             * Format: date-time
             * @example null
             */
            resolved_at: string | null;
        };
        AlertListDto: {
            /** @description Newest first. */
            data: components["schemas"]["AlertDto"][];
        };
        AlertRulesDto: {
            /** @description Default 0.2. */
            error_share?: number;
            /**
             * @description Mirrored sends failing with 429 or >= 500 over 5 minutes.
             * @example true
             */
            errors?: boolean;
            /**
             * @description A bot polling through the mirror that stopped polling.
             * @example true
             */
            polling?: boolean;
            /** @description Default 5. */
            polling_minutes?: number;
            /**
             * @description Inbound messages left unanswered by a bot that answered in the 24 hours before.
             * @example true
             */
            silence?: boolean;
            /** @description Default 3. */
            silence_messages?: number;
            /** @description Default 10. */
            silence_minutes?: number;
            /**
             * @description The proxy target failing 5 updates in a row.
             * @example true
             */
            target?: boolean;
        };
        AlertRulesViewDto: {
            /** @example 0.2 */
            error_share: number;
            /** @example true */
            errors: boolean;
            /** @example true */
            polling: boolean;
            /** @example 5 */
            polling_minutes: number;
            /** @example true */
            silence: boolean;
            /** @example 3 */
            silence_messages: number;
            /** @example 10 */
            silence_minutes: number;
            /** @example true */
            target: boolean;
        };
        ApiKeyDto: {
            /**
             * Format: date-time
             * @example 2026-11-03T14:00:00.000Z
             */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: uuid */
            id: string;
            /**
             * @description The first 8 and last 4 characters of the key, to recognise it.
             * @example blk_SlRy…kSYB
             */
            key_hint: string;
            /**
             * Format: date-time
             * @example 2026-11-24T07:00:03.000Z
             */
            last_used_at: string | null;
            /** @example CRM export */
            name: string;
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * @example [
             *       "read"
             *     ]
             */
            scopes: ("read" | "write")[];
            /**
             * @example active
             * @enum {string}
             */
            status: "active" | "revoked" | "expired";
        };
        ApiKeyHolderDto: {
            email: string;
            /** Format: uuid */
            user_id: string;
        };
        ApiKeyListDto: {
            data: components["schemas"]["ApiKeyDto"][];
        };
        AuditEntryDto: {
            /** @enum {string} */
            action: "impersonate" | "change_role" | "change_tariff" | "delete_user" | "reply_support" | "revoke_api_key" | "erase_contact";
            /** @description The admin who acted. */
            actor: components["schemas"]["AuditPersonDto"];
            /** Format: date-time */
            created_at: string;
            /** @description What changed, by action: `{ from, to }` for roles; `{ from, to, invoice_id }` for tariffs; `{ expires_at }`; `{ bots }`; `{ ticket_id, subject }`; `{ key_id, name, key_hint }`. */
            details: {
                [key: string]: unknown;
            };
            /** Format: uuid */
            id: string;
            /** @description The account acted on. */
            target: components["schemas"]["AuditPersonDto"] | null;
        };
        AuditListDto: {
            /** @description Newest first. */
            data: components["schemas"]["AuditEntryDto"][];
            limit: number;
            offset: number;
            /** @description Rows matching the filter, all pages. */
            total: number;
        };
        AuditPersonDto: {
            email: string;
            /** Format: uuid */
            id: string;
        };
        BotDto: {
            /** @example true */
            active: boolean;
            alerts: components["schemas"]["AlertRulesViewDto"];
            /** @description Null for Telegram bots: Telegram gives no avatar address without exposing the token. */
            avatar_url: string | null;
            /**
             * Format: date-time
             * @example 2026-11-02T10:15:00.000Z
             */
            created_at: string;
            /** @example true */
            has_token: boolean;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            last_forward_at: string | null;
            /** @description The last failure forwarding an update to target_url, if any. */
            last_forward_error: string | null;
            /**
             * @description Use this as the bot library's API base for mirror mode.
             * @example https://botlens.example/tg
             */
            mirror_url: string;
            /**
             * @description `analytics_only` without a token; `proxy` when a target_url is set; otherwise `mirror`.
             * @example mirror
             * @enum {string}
             */
            mode: "mirror" | "proxy" | "analytics_only";
            /** @example Shop helper */
            name: string;
            /** @description The bot's open alerts (the cabinet marks the bot with them). */
            open_alerts: components["schemas"]["OpenAlertDto"][];
            /**
             * @example telegram
             * @enum {string}
             */
            platform: "telegram" | "max";
            /**
             * @description Set this as the platform webhook for proxy-webhook mode.
             * @example https://botlens.example/proxy/09e4d1f4-975a-4550-b3a8-d61294b431de/SeGAkQltGumpMCjseNXjg8vjcFkVDtd2
             */
            proxy_url: string;
            /** @example 300 */
            reply_window_s: number;
            target_url: string | null;
            /** @example shop_helper_bot */
            username: string | null;
            /** @example utm_source */
            utm_key: string;
        };
        BotListDto: {
            data: components["schemas"]["BotDto"][];
        };
        BroadcastDto: {
            /** Format: date-time */
            created_at: string;
            /** @description Why a failed broadcast stopped. */
            error: string | null;
            failed_count: number;
            /** Format: date-time */
            finished_at: string | null;
            /** Format: uuid */
            id: string;
            /** @enum {string|null} */
            kind: "photo" | "audio" | "file" | null;
            /** @description What it did, each recipient counted once (zeros until it starts). */
            outcomes: components["schemas"]["BroadcastOutcomesDto"];
            /** @enum {string} */
            platform: "all" | "telegram" | "max";
            /**
             * @description Per currency (by code), what its recipients paid within 72 hours after their own send; empty until someone
             *     paid. Refunds come off `net` whenever they come.
             */
            revenue: components["schemas"]["BroadcastRevenueDto"][];
            segment: components["schemas"]["BroadcastSegmentDto"];
            /** Format: date-time */
            send_at: string | null;
            sent_count: number;
            /** Format: date-time */
            started_at: string | null;
            /**
             * @description scheduled → queued → running → done; failed when it could not go on; cancelled by the owner.
             * @enum {string}
             */
            status: "scheduled" | "queued" | "running" | "done" | "failed" | "cancelled";
            test_share: number | null;
            text: string;
            /** @description 0 for a scheduled broadcast until it starts (recipients are chosen then). */
            total_count: number;
            /** @description Whether its URLs went out as each recipient's tracked links. */
            track_links: boolean;
            /** @description The A/B variants in order (their index is `winner`); null for a broadcast of one text. */
            variants: components["schemas"]["BroadcastVariantDto"][] | null;
            /** @description The winning variant's index (from 0), once chosen. */
            winner: number | null;
            winner_after_minutes: number | null;
            /** Format: date-time */
            winner_chosen_at: string | null;
            /** @enum {string|null} */
            winner_metric: "clicked" | "replied" | "revenue" | null;
        };
        BroadcastListDto: {
            /** @description Newest first. */
            data: components["schemas"]["BroadcastDto"][];
        };
        BroadcastOutcomesDto: {
            /** @description Blocked the bot within 24 hours after their send (and have not unblocked it since). */
            blocked_after: number;
            /** @description Failed because the platform answered 403 (the contact had blocked the bot). */
            blocked_on_send: number;
            /** @description Opened one of the broadcast's tracked links through their own link (track_links). */
            clicked: number;
            delivered: number;
            failed: number;
            /** @description Sent the bot a message within 24 hours after their send. */
            replied: number;
            /** @description As the broadcast's `revenue`: payments within 72 hours after their send. */
            revenue: components["schemas"]["BroadcastRevenueDto"][];
        };
        BroadcastPageDto: {
            /** @description Newest first. */
            data: components["schemas"]["BroadcastDto"][];
            limit: number;
            offset: number;
            /** @description Rows matching the filter, all pages. */
            total: number;
        };
        BroadcastPreviewDto: {
            /** @description Contacts the broadcast would go to if it started now. */
            count: number;
        };
        BroadcastPreviewRequestDto: {
            /**
             * @default all
             * @enum {string}
             */
            platform: "all" | "telegram" | "max";
            /** @description The segment as an object (or as the same JSON string the multipart form takes). */
            segment?: components["schemas"]["BroadcastSegmentDto"];
        };
        BroadcastResultDto: {
            /**
             * Format: date-time
             * @example 2026-11-24T12:00:00.000Z
             */
            created_at: string;
            /**
             * @description Recipients the platform refused (after up to 3 retries of a 429), or whose delivery was cut by a restart.
             * @example 7
             */
            failed_count: number;
            /** Format: uuid */
            id: string;
            /** @example 1243 */
            sent_count: number;
            /**
             * @description Recipients chosen: the bot's contacts that had not blocked it when the broadcast was created.
             * @example 1250
             */
            total_count: number;
        };
        BroadcastRevenueDto: {
            /**
             * @description ISO 4217, or `XTR` for Telegram Stars.
             * @example XTR
             */
            currency: string;
            /**
             * @description Their payments in the window less refunds, in the currency's smallest units.
             * @example 4500
             */
            net: number;
            /**
             * @description Recipients with a payment in their window that was not refunded.
             * @example 12
             */
            payers: number;
        };
        BroadcastSegmentDto: {
            /** @description Contacts whose last inbound message is at most this many days old (1–3650). */
            active_within_days?: number;
            /** @description Absent: blocked contacts are left out; true: only blocked contacts; false: only the others. */
            blocked?: boolean;
            campaign_name?: string;
            /** @description An intent's name: contacts with at least one message that matched it. */
            intent?: string;
            language_code?: string;
            /** @description true: only payers (a payment that was not refunded); false: only the others. */
            payer?: boolean;
            /** @description The source after the bot's mappings, as in the sources report (`— unmapped`: contacts without one). */
            source_value?: string;
        };
        BroadcastV1RequestDto: {
            /** @description The share of the audience that tests the variants, split evenly (0.05–1, default 1); below 1 the winner goes to the rest. */
            test_share?: number;
            /**
             * @description Up to 4000 characters; sent to every contact of the bot that has not blocked it. Required unless variants are given.
             * @example Скидки до 30% только сегодня
             */
            text: string;
            /** @description Every http(s) URL of the text becomes each recipient's own tracked link (`{PUBLIC_BASE_URL}/l/{code}/{token}`); default false. */
            track_links?: boolean;
            /** @description 2–4 variants instead of `text` (in a multipart form: a JSON string). */
            variants?: components["schemas"]["BroadcastVariantInputDto"][];
            /** @description Required when test_share < 1: minutes after the test share's last send that the winner is chosen. */
            winner_after_minutes?: number;
            /**
             * @description Required when test_share < 1; ties go to the first variant. `clicked` needs track_links.
             * @enum {string}
             */
            winner_metric?: "clicked" | "replied" | "revenue";
        };
        BroadcastVariantDto: {
            /** @description Whether it carries the broadcast's file. */
            file: boolean;
            outcomes: components["schemas"]["BroadcastOutcomesDto"];
            /** @description Its recipients that were delivered it. */
            sent: number;
            text: string;
        };
        BroadcastVariantInputDto: {
            /** @description Closed broadcasts: whether this variant carries the uploaded file (default: yes when one is uploaded). */
            file?: boolean;
            /** @description Up to 4000 characters (1024 as a caption on Telegram); may be empty only when the variant carries the file. */
            text: string;
        };
        ButtonRowDto: {
            /**
             * @description Contacts who pressed it at least once.
             * @example 87
             */
            contacts: number;
            /** @example plan:pro */
            data: string;
            /**
             * @description Every press, repeats of one contact included.
             * @example 120
             */
            presses: number;
        };
        ButtonsDto: {
            /** @description Most presses first, then most contacts, then by `data` (byte order). */
            data: components["schemas"]["ButtonRowDto"][];
        };
        CabinetContactDetailDto: {
            /** @description Null when the contact came without a source. */
            attribution: components["schemas"]["ContactAttributionDto"] | null;
            /**
             * @description The contact's clicks on tracked links through its per-contact links (those a broadcast sends), newest first,
             *     the latest 50 (docs/api.md: Tracked links).
             */
            clicks: components["schemas"]["ContactClickDto"][];
            contact: components["schemas"]["CabinetContactDto"];
            /**
             * @description The contact's payments, refunded ones included.
             * @example 2
             */
            payments: number;
            /** @description Per currency it paid in (by currency code), what it paid less refunds; empty when it never paid. */
            revenue: components["schemas"]["ContactRevenueDto"][];
            stats: components["schemas"]["ContactStatsDto"];
        };
        CabinetContactDto: {
            /**
             * @description A signed link to the profile image that works without the session header (for `<img>`), valid 24 hours;
             *     it answers 404 when the platform has no photo. Null when no image can be had: the bot has no token, or the
             *     platform said within the last 10 minutes that the user has no photo.
             * @example https://botlens.example/api/avatars/contact/6f1c…/12345?expires=1767225600&signature=…
             */
            avatar_url: string | null;
            /** @description True while the user has blocked the bot. */
            blocked: boolean;
            /** @example 417203958 */
            external_user_id: string;
            /** @example Анна */
            first_name: string | null;
            /** Format: uuid */
            id: string;
            /** @example false */
            is_premium: boolean;
            /**
             * @description The user's language as the platform last reported it (Telegram `language_code`, MAX `user_locale`); null when unknown.
             * @example ru
             */
            language_code: string | null;
            last_name: string | null;
            /**
             * Format: date-time
             * @example 2026-11-24T18:42:07.000Z
             */
            last_seen_at: string | null;
            /** @description Only when the user shared their own contact. */
            phone: string | null;
            /** @example anna_k */
            username: string | null;
        };
        CabinetContactListDto: {
            /** @description Ordered by `last_seen_at`, most recent first (contacts that never wrote last), then by id. */
            data: components["schemas"]["CabinetContactListItemDto"][];
            limit: number;
            offset: number;
            /** @description Rows matching the filter, all pages. */
            total: number;
        };
        CabinetContactListItemDto: {
            /**
             * @description A signed link to the profile image that works without the session header (for `<img>`), valid 24 hours;
             *     it answers 404 when the platform has no photo. Null when no image can be had: the bot has no token, or the
             *     platform said within the last 10 minutes that the user has no photo.
             * @example https://botlens.example/api/avatars/contact/6f1c…/12345?expires=1767225600&signature=…
             */
            avatar_url: string | null;
            /** @description True while the user has blocked the bot. */
            blocked: boolean;
            /**
             * @description The campaign of that source (a mapping's campaign replaces the link's own); null when none.
             * @example spring
             */
            campaign_name: string | null;
            /**
             * @description The user's id on the platform; `{userId}` of the contact routes.
             * @example 417203958
             */
            external_user_id: string;
            /** @example Анна */
            first_name: string | null;
            /**
             * Format: date-time
             * @description When the contact first appeared (its first message either way, platform time).
             */
            first_seen_at: string;
            /** Format: uuid */
            id: string;
            /** @example false */
            is_premium: boolean;
            /**
             * @description The user's language as the platform last reported it (Telegram `language_code`, MAX `user_locale`); null when unknown.
             * @example ru
             */
            language_code: string | null;
            last_name: string | null;
            /**
             * Format: date-time
             * @description Time of the last inbound message; null when the user never wrote.
             * @example 2026-11-24T18:42:07.000Z
             */
            last_seen_at: string | null;
            /**
             * @description Messages in both directions.
             * @example 14
             */
            messages_count: number;
            /**
             * @description The contact's payments, refunded ones included.
             * @example 2
             */
            payments: number;
            /** @description Per currency it paid in (by currency code), what it paid less refunds; empty when it never paid. */
            revenue: components["schemas"]["ContactRevenueDto"][];
            /**
             * @description The first-touch source after the bot's mappings, as in the sources report; null when the contact came without one.
             * @example vk
             */
            source_value: string | null;
            /** @example anna_k */
            username: string | null;
        };
        CabinetMessageDto: {
            /**
             * Format: date-time
             * @description The platform's message time.
             * @example 2026-11-24T18:42:07.000Z
             */
            created_at: string;
            /**
             * @example in
             * @enum {string}
             */
            direction: "in" | "out";
            /** @example 417203958 */
            external_user_id: string;
            /**
             * Format: uuid
             * @description The service's message id (not the platform's).
             */
            id: string;
            /** @description The intents the message matched when it was stored, ordered by name; `[]` for none (outbound messages are never matched). */
            intents: components["schemas"]["MessageIntentDto"][];
            /**
             * @description The text or caption; an empty string for a message without text (a photo, a sticker).
             * @example Здравствуйте! Есть доставка в Казань?
             */
            text: string;
        };
        CabinetMessageListDto: {
            /** @description Newest first. */
            data: components["schemas"]["CabinetMessageDto"][];
            /** @description The page size used (after cutting to 1000). */
            limit: number;
        };
        ChangeMemberRoleDto: {
            /** @enum {string} */
            role: "administrator" | "observer";
        };
        ChangeTariffDto: {
            /** @enum {string} */
            tariff: "free" | "pro" | "business";
        };
        ConfirmDto: {
            /**
             * @description The six-digit code from the mail.
             * @example 042917
             */
            code: string;
            /**
             * Format: email
             * @example owner@example.com
             */
            email: string;
        };
        ContactAttributionDto: {
            /** @example black_friday */
            campaign_name: string | null;
            /**
             * Format: date-time
             * @description Time of the contact's first touch (`/start` or MAX `bot_started`).
             * @example 2026-11-20T09:01:12.000Z
             */
            first_seen_at: string | null;
            /**
             * Format: date-time
             * @description Time of its last touch.
             * @example 2026-11-22T12:30:00.000Z
             */
            last_seen_at: string | null;
            /** @example instagram */
            source_value: string;
            /**
             * @description All its touches, repeat visits included.
             * @example 2
             */
            touches: number;
        };
        ContactClickDto: {
            /**
             * Format: date-time
             * @example 2026-11-24T18:40:02.000Z
             */
            clicked_at: string;
            /** Format: uuid */
            link_id: string;
            /**
             * @description Where the link leads.
             * @example https://shop.example/sale
             */
            url: string;
        };
        ContactDetailDto: {
            /** @description Null when the contact came without a source. */
            attribution: components["schemas"]["ContactAttributionDto"] | null;
            /**
             * @description The contact's clicks on tracked links through its per-contact links (those a broadcast sends), newest first,
             *     the latest 50 (docs/api.md: Tracked links).
             */
            clicks: components["schemas"]["ContactClickDto"][];
            contact: components["schemas"]["ContactDto"];
            /**
             * @description The contact's payments, refunded ones included.
             * @example 2
             */
            payments: number;
            /** @description Per currency it paid in (by currency code), what it paid less refunds; empty when it never paid. */
            revenue: components["schemas"]["ContactRevenueDto"][];
            stats: components["schemas"]["ContactStatsDto"];
        };
        ContactDto: {
            /** @example 417203958 */
            external_user_id: string;
            /** @example Анна */
            first_name: string | null;
            /** Format: uuid */
            id: string;
            /** @example false */
            is_premium: boolean;
            last_name: string | null;
            /**
             * Format: date-time
             * @example 2026-11-24T18:42:07.000Z
             */
            last_seen_at: string | null;
            /** @description Only when the user shared their own contact. */
            phone: string | null;
            /** @example anna_k */
            username: string | null;
        };
        ContactListDto: {
            /** @description Ordered by `last_seen_at`, most recent first (contacts that never wrote last), then by id. */
            data: components["schemas"]["ContactListItemDto"][];
            limit: number;
            offset: number;
            /** @description All contacts of the bot. */
            total: number;
        };
        ContactListItemDto: {
            /**
             * @description The user's id on the platform; `{userId}` of the contact routes.
             * @example 417203958
             */
            external_user_id: string;
            /** @example Анна */
            first_name: string | null;
            /** Format: uuid */
            id: string;
            /** @example false */
            is_premium: boolean;
            last_name: string | null;
            /**
             * Format: date-time
             * @description Time of the last inbound message; null when the user never wrote.
             * @example 2026-11-24T18:42:07.000Z
             */
            last_seen_at: string | null;
            /**
             * @description Messages in both directions.
             * @example 14
             */
            messages_count: number;
            /**
             * @description The contact's payments, refunded ones included.
             * @example 2
             */
            payments: number;
            /** @description Per currency it paid in (by currency code), what it paid less refunds; empty when it never paid. */
            revenue: components["schemas"]["ContactRevenueDto"][];
            /** @example anna_k */
            username: string | null;
        };
        ContactRevenueDto: {
            /**
             * @description ISO 4217, or `XTR` for Telegram Stars.
             * @example XTR
             */
            currency: string;
            /**
             * @description Its payments not refunded, summed, in the currency's smallest units (Stars for `XTR`).
             * @example 1500
             */
            net: number;
        };
        ContactStatsDto: {
            /**
             * Format: date-time
             * @description Time of the first message, either direction.
             * @example 2026-11-20T09:01:12.000Z
             */
            first_at: string | null;
            /** @example 8 */
            inbound: number;
            /**
             * Format: date-time
             * @description Time of the last message, either direction.
             * @example 2026-11-24T18:42:09.000Z
             */
            last_at: string | null;
            /** @example 6 */
            outbound: number;
            /** @example 14 */
            total_messages: number;
        };
        CreateApiKeyDto: {
            /**
             * Format: date-time
             * @description When the key stops working (ISO 8601); omit for a key that does not expire.
             */
            expires_at?: string;
            /** @description A label to tell keys apart, e.g. "CRM export". */
            name: string;
            /**
             * @description `read` opens the GET endpoints, `write` opens send and broadcast; `write` does not imply `read`.
             * @example [
             *       "read"
             *     ]
             */
            scopes: ("read" | "write")[];
        };
        CreateBotDto: {
            /**
             * @description Display name in the cabinet.
             * @example Shop helper
             */
            name: string;
            /**
             * @example telegram
             * @enum {string}
             */
            platform: "telegram" | "max";
            /** @description Where proxy-webhook updates are forwarded: an http(s) URL, or `polling` to hold them for the bot's getUpdates. */
            target_url?: string;
            /** @description The bot token; checked with the platform's identity call, stored encrypted, never returned. Omit for analytics-only mode. */
            token?: string;
            /**
             * @description The deep-link key that carries the traffic source.
             * @default utm_source
             */
            utm_key: string;
        };
        CreateBroadcastFormDto: {
            /**
             * Format: binary
             * @description Up to 50 MB; needs `kind`.
             */
            file?: string;
            /** @enum {string} */
            kind?: "photo" | "audio" | "file";
            /**
             * @description A bot is on one platform: another platform than the bot's selects no one.
             * @default all
             * @enum {string}
             */
            platform: "all" | "telegram" | "max";
            /**
             * @description A JSON object, see BroadcastSegmentDto, e.g. `{"source_value":"instagram","active_within_days":30}`.
             * @example {"source_value":"instagram","active_within_days":30}
             */
            segment?: string;
            /**
             * Format: date-time
             * @description ISO 8601 time in the future: the broadcast is scheduled and chooses its recipients then.
             */
            send_at?: string;
            /**
             * @description A number from 0.05 to 1 (default 1), e.g. `0.2`.
             * @example 0.2
             */
            test_share?: string;
            /** @description The message, or the caption of the file (up to 4000 characters; 1024 with a file on Telegram). Required without a file. */
            text?: string;
            /**
             * @description `true`: every URL goes as each recipient's own tracked link (as in the open API's broadcast); default `false`.
             * @enum {string}
             */
            track_links?: "true" | "false";
            /**
             * @description A JSON string `[{ "text": "…", "file": true }, …]`, 2–4 variants instead of `text`.
             * @example [{"text":"Вариант A"},{"text":"Вариант B"}]
             */
            variants?: string;
            /**
             * @description An integer from 10 to 10080; required when test_share is below 1.
             * @example 60
             */
            winner_after_minutes?: string;
            /**
             * @description Required when test_share is below 1.
             * @enum {string}
             */
            winner_metric?: "clicked" | "replied" | "revenue";
        };
        CreatedApiKeyDto: {
            /**
             * Format: date-time
             * @example 2026-11-03T14:00:00.000Z
             */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            /** Format: uuid */
            id: string;
            /**
             * @description The key itself (`blk_…`): shown only in this answer, store it now.
             * @example blk_SlRy8ouGMsEVvmZaRgNuReKf7MqcpeGiSZdl8ShkSYB
             */
            key: string;
            /** @example CRM export */
            name: string;
            /**
             * @example [
             *       "read"
             *     ]
             */
            scopes: ("read" | "write")[];
        };
        CreatedWebhookDto: {
            /** @example true */
            active: boolean;
            /**
             * Format: uuid
             * @description Only this bot's events; null for all your bots.
             * @example 09e4d1f4-975a-4550-b3a8-d61294b431de
             */
            bot_id: string | null;
            /**
             * Format: date-time
             * @example 2026-11-03T14:20:00.000Z
             */
            created_at: string;
            /**
             * @example [
             *       "message.created",
             *       "contact.created"
             *     ]
             */
            events: ("message.created" | "message.outbound" | "contact.created" | "test.ping" | "button.pressed" | "intent.matched" | "broadcast.completed" | "funnel.step_passed" | "payment.succeeded" | "payment.refunded" | "link.clicked" | "bot.alert.opened" | "bot.alert.resolved")[];
            /** Format: uuid */
            id: string;
            /**
             * @description The signing secret (`whsec_…`): shown only in this answer.
             * @example whsec_ICBXMGNTGcHPu8aVZFaFuCiN84RfezTO0kRxt2E9Vpir
             */
            secret: string;
            /** @example https://crm.example/botlens */
            url: string;
        };
        CreateIntentDto: {
            /** @description Hexadecimal colour for highlighting in the cabinet, e.g. `#22C55E`. */
            color?: string;
            description?: string;
            is_active?: boolean;
            /** @description Whole words or phrases, matched without regard to case. */
            keywords: string[];
            /** @description Technical key, unique per bot; funnels refer to intents by it. */
            name: string;
            /** @description Regular expressions in RE2 syntax (no lookaround or backreferences), run in linear time. */
            patterns: string[];
        };
        CreateLinkDto: {
            /**
             * @description A label for the owner's list, at most 200 characters; trimmed, and a blank one is none.
             * @example Осенняя распродажа
             */
            name?: string | null;
            /**
             * @description Where the link leads: an `http://` or `https://` URL of at most 2000 characters, without spaces or control
             *     characters. Stored as the URL parser writes it (e.g. an international domain in punycode).
             * @example https://shop.example/sale?utm_source=telegram
             */
            url: string;
        };
        CreateTicketDto: {
            subject: string;
            text: string;
        };
        CreateWebhookDto: {
            /**
             * Format: uuid
             * @description Only this bot's events; omit for all your bots.
             * @example 09e4d1f4-975a-4550-b3a8-d61294b431de
             */
            bot_id?: string;
            events: ("message.created" | "message.outbound" | "contact.created" | "test.ping" | "button.pressed" | "intent.matched" | "broadcast.completed" | "funnel.step_passed" | "payment.succeeded" | "payment.refunded" | "link.clicked" | "bot.alert.opened" | "bot.alert.resolved")[];
            /** @example https://crm.example/botlens */
            url: string;
        };
        CredentialsDto: {
            /**
             * Format: email
             * @example owner@example.com
             */
            email: string;
            /** @description At least 6 characters. */
            password: string;
        };
        DeliveryDto: {
            /** @description The first 500 characters of the JSON body sent. */
            body_preview: string | null;
            /**
             * Format: date-time
             * @example 2026-11-24T18:42:07.120Z
             */
            created_at: string;
            /** @example 84 */
            duration_ms: number;
            error: string | null;
            /** @example message.created */
            event: string;
            /** @description The first 500 characters of the receiver's answer; null when no answer came (a network error). */
            response_preview: string | null;
            /**
             * @description The receiver's HTTP status; null when no answer came.
             * @example 200
             */
            status_code: number | null;
        };
        DialogClickDto: {
            /**
             * Format: date-time
             * @example 2026-11-24T18:40:02.000Z
             */
            clicked_at: string;
            /**
             * @description The click's id.
             * @example 8142
             */
            id: string;
            /** Format: uuid */
            link_id: string;
            /**
             * @description Where the link leads.
             * @example https://shop.example/sale
             */
            url: string;
        };
        DialogClickListDto: {
            /** @description Newest first. */
            data: components["schemas"]["DialogClickDto"][];
            /** @description The page size used (after cutting to 1000). */
            limit: number;
        };
        DialogDto: {
            /**
             * Format: date-time
             * @description The oldest inbound message still without an answer; null when the bot answered.
             * @example null
             */
            awaiting_since: string | null;
            /** @example 417203958 */
            external_user_id: string;
            /** @example Анна */
            first_name: string | null;
            /**
             * Format: uuid
             * @description The contact's id.
             */
            id: string;
            /**
             * Format: date-time
             * @description Time of the last message.
             * @example 2026-11-24T18:42:09.000Z
             */
            last_at: string;
            /**
             * @example out
             * @enum {string}
             */
            last_direction: "in" | "out";
            last_name: string | null;
            /**
             * @description The first 200 characters of the last message; empty when it had no text.
             * @example Да, доставляем за 2 дня.
             */
            last_text: string;
            /**
             * @description Messages in both directions.
             * @example 14
             */
            messages_total: number;
            /** @example anna_k */
            username: string | null;
            /**
             * @description Seconds since awaiting_since; null when the bot answered.
             * @example null
             */
            waited_s: number | null;
        };
        DialogListDto: {
            /** @description Contacts with at least one message, most recent last message first. */
            data: components["schemas"]["DialogDto"][];
            /** @description The page size used (after cutting to 1000). */
            limit: number;
        };
        DialogPressDto: {
            /**
             * Format: date-time
             * @description When the press arrived (MAX: the callback's time).
             */
            created_at: string;
            /**
             * @description The button's callback data (MAX: payload).
             * @example plan:pro
             */
            data: string;
            /** Format: uuid */
            id: string;
        };
        DialogPressListDto: {
            /** @description Newest first. */
            data: components["schemas"]["DialogPressDto"][];
            /** @description The page size used (after cutting to 1000). */
            limit: number;
        };
        EmailDto: {
            /**
             * Format: email
             * @example owner@example.com
             */
            email: string;
        };
        ErrorResponseDto: {
            /**
             * @description What went wrong, in the words of the specification.
             * @example Bot not found
             */
            message: string;
        };
        FunnelConfigAnswerDto: {
            /** @description Empty until the first PUT. */
            stages: components["schemas"]["FunnelStageDto"][];
        };
        FunnelConfigDto: {
            /** @description 1 to 20 stages, in funnel order. Checked by the service, so each error names the stage (`stages[2].match …`). */
            stages: components["schemas"]["FunnelStageDto"][];
        };
        FunnelResultDto: {
            /** @description True while stages added or changed by the last config edit are still being counted over the history. */
            computing: boolean;
            /** @description The source filter applied (mapped value, or `— unmapped`), null for all contacts. */
            source: string | null;
            stages: components["schemas"]["FunnelStageResultDto"][];
        };
        FunnelStageDto: {
            /**
             * @description Text and button stages only (default `exact`). `exact`: the whole text equals `value`; `contains`: the text contains it.
             *     On text both ignore case and surrounding whitespace; on a button's data both are exact (case and spaces count).
             * @enum {string}
             */
            match?: "exact" | "contains";
            /** @description Shown in the cabinet, 1 to 100 characters. */
            name: string;
            /**
             * @description Payment stages only: 1 to 128 characters the payment's invoice payload must start with (case and spaces
             *     counting); without it any payment reaches the stage.
             * @example plan:
             */
            payload_prefix?: string;
            /**
             * @description `text`: the message text (see `match`); `command`: the message is the command or starts with it
             *     followed by a space or `@` (`/start promo`, `/start@my_bot`); `intent`: the message matched the intent named in `value`;
             *     `button`: the contact pressed a button whose callback data (MAX: payload) matches `value` (see `match`);
             *     `payment`: the contact paid (any payment, refunded later or not), for a product whose invoice payload starts
             *     with `payload_prefix` when it is given.
             * @enum {string}
             */
            type: "text" | "command" | "intent" | "button" | "payment";
            /**
             * @description Text and button: 1 to 500 characters; command: `/` and 1 to 64 of A-Z, a-z, 0-9, _; intent: the name of one of
             *     the bot's intents. Not on payment stages.
             */
            value?: string;
        };
        FunnelStageResultDto: {
            /**
             * @description reached ÷ the previous stage's reached, rounded to 4 decimals; null for the first stage and after a
             *     stage nobody reached. Stages are independent, so it can exceed 1.
             */
            conversion: number | null;
            name: string;
            /** @description Contacts with at least one inbound message that satisfies the stage, each counted once. */
            reached: number;
        };
        HealthDayDto: {
            /** @example 2026-11-28 */
            date: string;
            /**
             * @description Platform errors that day.
             * @example 2
             */
            errors: number;
            /** @example 120 */
            inbound: number;
            /** @example 4100 */
            p50_ms: number | null;
            /** @example 29000 */
            p90_ms: number | null;
            /** @example 115 */
            replied: number;
            /** @example 3 */
            unanswered: number;
        };
        HealthDto: {
            /** @description Grouped by method, code and description; the most frequent first. */
            errors: components["schemas"]["PlatformErrorDto"][];
            /** @example 2026-11-22 */
            from: string;
            /**
             * Format: date-time
             * @description The bot's newest inbound message, whenever it was.
             */
            last_inbound_at: string | null;
            /** Format: date-time */
            last_outbound_at: string | null;
            reply_time: components["schemas"]["ReplyTimeDto"];
            target_errors: components["schemas"]["TargetErrorsDto"];
            /** @description One row per day of the window, oldest first. */
            timeline: components["schemas"]["HealthDayDto"][];
            /** @example 2026-11-28 */
            to: string;
            unanswered: components["schemas"]["UnansweredDto"];
        };
        ImpersonatorDto: {
            email: string;
            /** Format: uuid */
            id: string;
        };
        IntentDto: {
            /** @example #22C55E */
            color: string;
            /**
             * Format: date-time
             * @example 2026-11-05T10:00:00.000Z
             */
            created_at: string;
            /** @example Questions about delivery */
            description: string;
            /** Format: uuid */
            id: string;
            /** @example true */
            is_active: boolean;
            /**
             * @description Messages that matched.
             * @example 131
             */
            messages_count: number;
            /** @example delivery */
            name: string;
            /**
             * @description Contacts for whom the intent ever matched.
             * @example 96
             */
            users_count: number;
        };
        IntentListDto: {
            data: components["schemas"]["IntentWithRulesDto"][];
        };
        IntentMessageDto: {
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            direction: "in" | "out";
            external_user_id: string;
            /** Format: uuid */
            id: string;
            text: string;
        };
        IntentMessagesDto: {
            data: components["schemas"]["IntentMessageDto"][];
            limit: number;
            offset: number;
            total: number;
        };
        IntentWithRulesDto: {
            /** @example #22C55E */
            color: string;
            /**
             * Format: date-time
             * @example 2026-11-05T10:00:00.000Z
             */
            created_at: string;
            /** @example Questions about delivery */
            description: string;
            /** Format: uuid */
            id: string;
            /** @example true */
            is_active: boolean;
            keywords: string[];
            /**
             * @description Messages that matched.
             * @example 131
             */
            messages_count: number;
            /** @example delivery */
            name: string;
            patterns: string[];
            /**
             * @description Contacts for whom the intent ever matched.
             * @example 96
             */
            users_count: number;
        };
        InviteDto: {
            /**
             * Format: email
             * @example owner@example.com
             */
            email: string;
            /**
             * @description administrator: configure bots, send messages and broadcasts, manage API keys; observer: view only.
             * @enum {string}
             */
            role: "administrator" | "observer";
        };
        InvoiceDto: {
            /** @description The new plan's monthly price. */
            amount: number;
            /**
             * @description Who changed the plan: the account's owner or a Botlens admin.
             * @enum {string}
             */
            changed_by: "owner" | "admin";
            /** Format: date-time */
            created_at: string;
            /** @enum {string} */
            currency: "RUB";
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            previous_tariff: "free" | "pro" | "business";
            /** @enum {string} */
            tariff: "free" | "pro" | "business";
        };
        InvoiceListDto: {
            data: components["schemas"]["InvoiceDto"][];
        };
        LinkClickDayDto: {
            /** @example 41 */
            clicks: number;
            /**
             * @description A UTC day.
             * @example 2026-11-20
             */
            day: string;
            /**
             * @description Distinct visitors of the day, counted as in the link's `unique_clicks`.
             * @example 37
             */
            unique_clicks: number;
        };
        LinkClicksTimelineDto: {
            /** @description One element per UTC day from `from` to `to`, oldest first; days without clicks have zeros. */
            data: components["schemas"]["LinkClickDayDto"][];
            /** @example 2026-11-01 */
            from: string;
            /** Format: uuid */
            link_id: string;
            /** @example 2026-11-30 */
            to: string;
        };
        LinkDto: {
            /**
             * @description Every click, robots' and HEAD requests left out.
             * @example 342
             */
            clicks: number;
            /**
             * @description The short code, unique across the service; a deleted link's code is never given again.
             * @example aZ3kP9qL
             */
            code: string;
            /**
             * Format: date-time
             * @example 2026-11-20T09:00:00.000Z
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @example Осенняя распродажа */
            name: string | null;
            /**
             * @description `{PUBLIC_BASE_URL}/l/{code}`.
             * @example https://botlens.example/l/aZ3kP9qL
             */
            short_url: string;
            /**
             * @description Distinct visitors: each contact once (clicks through per-contact links), and each anonymous visitor (the same
             *     address and browser) once per UTC day.
             * @example 287
             */
            unique_clicks: number;
            /** @example https://shop.example/sale?utm_source=telegram */
            url: string;
        };
        LinkPageDto: {
            /** @description Newest first. */
            data: components["schemas"]["LinkDto"][];
            limit: number;
            offset: number;
            /** @description Rows matching the filter, all pages. */
            total: number;
        };
        MaxError: {
            code: string;
            message: string;
        };
        MeDto: {
            /**
             * Format: date-time
             * @example 2026-11-01T08:00:00.000Z
             */
            created_at: string;
            /** @example owner@example.com */
            email: string;
            /** @example true */
            email_confirmed: boolean;
            /** Format: uuid */
            id: string;
            /** @description The admin who opened this session as you ("sign in as"), else null. */
            impersonated_by: components["schemas"]["ImpersonatorDto"] | null;
            /**
             * @example user
             * @enum {string}
             */
            role: "user" | "admin";
            /** @example free */
            tariff: string;
            team: components["schemas"]["TeamPlaceDto"];
            usage: components["schemas"]["UsageDto"];
        };
        MessageDto: {
            /**
             * Format: date-time
             * @description The platform's message time.
             * @example 2026-11-24T18:42:07.000Z
             */
            created_at: string;
            /**
             * @example in
             * @enum {string}
             */
            direction: "in" | "out";
            /** @example 417203958 */
            external_user_id: string;
            /**
             * Format: uuid
             * @description The service's message id (not the platform's).
             */
            id: string;
            /**
             * @description The text or caption; an empty string for a message without text (a photo, a sticker).
             * @example Здравствуйте! Есть доставка в Казань?
             */
            text: string;
        };
        MessageIntentDto: {
            /**
             * @description Hexadecimal colour, e.g. `#22C55E`.
             * @example #22C55E
             */
            color: string;
            /** Format: uuid */
            id: string;
            /** @description The intent's technical key. */
            name: string;
        };
        MessageListDto: {
            /** @description Newest first. */
            data: components["schemas"]["MessageDto"][];
            /** @description The page size used (after cutting to 1000). */
            limit: number;
        };
        OpenAlertDto: {
            /** Format: uuid */
            id: string;
            /**
             * @example silence
             * @enum {string}
             */
            kind: "silence" | "errors" | "target" | "polling";
            /**
             * Format: date-time
             * @example 2026-11-02T03:10:00.000Z
             */
            opened_at: string;
        };
        OpenApiBotDto: {
            /** @example true */
            active: boolean;
            /**
             * Format: date-time
             * @example 2026-11-02T10:15:00.000Z
             */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @example Shop helper */
            name: string;
            /**
             * @example telegram
             * @enum {string}
             */
            platform: "telegram" | "max";
            /** @example shop_helper_bot */
            username: string | null;
        };
        OpenApiBotListDto: {
            data: components["schemas"]["OpenApiBotDto"][];
        };
        OpenApiIntentListDto: {
            data: components["schemas"]["IntentDto"][];
        };
        PaymentDto: {
            /** @example 250 */
            amount: number;
            /** Format: uuid */
            bot_id: string;
            /** @example black_friday */
            campaign_name: string | null;
            /**
             * @description Unique per bot: Telegram's `telegram_payment_charge_id`, or the integrator's own id.
             * @example stxAbC123
             */
            charge_id: string;
            /**
             * @description ISO 4217, or `XTR` for Telegram Stars.
             * @example XTR
             */
            currency: string;
            /**
             * @description The first payment of a subscription (Telegram `is_first_recurring`).
             * @example false
             */
            first_recurring: boolean;
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @description When it was paid: Telegram's message date, or the reported `paid_at`.
             * @example 2026-11-24T18:42:07.000Z
             */
            paid_at: string;
            /**
             * @description The invoice payload (what was bought).
             * @example plan:pro:month
             */
            payload: string | null;
            /** @description The payment provider's charge id; null for Stars and for reported payments. */
            provider_charge_id: string | null;
            /**
             * @description A payment of a subscription (Telegram `is_recurring`).
             * @example false
             */
            recurring: boolean;
            /**
             * Format: date-time
             * @description When it was refunded; null while it is not.
             * @example null
             */
            refunded_at: string | null;
            /**
             * @description The contact's first-touch source through the bot's mappings, as in the contact object; null without one.
             * @example instagram
             */
            source_value: string | null;
            /**
             * Format: date-time
             * @description When the subscription it paid for ends.
             */
            subscription_expires_at: string | null;
            /**
             * @description The payer: the contact's user id on the platform.
             * @example 417203958
             */
            user_id: string;
        };
        PaymentListDto: {
            /** @description Newest first: by `paid_at`, then by `id`, both descending. */
            data: components["schemas"]["PaymentDto"][];
            /**
             * @description Pass as `before` for the next page; null on the last one.
             * @example 2026-11-20T09:01:12.000Z_0194b6f2-8a4e-7c1d-9b1e-3f0a5d6c7e81
             */
            next_before: string | null;
        };
        PlatformErrorDto: {
            /** @example 12 */
            count: number;
            /**
             * @description The platform's description with ids and numbers replaced by `N`.
             * @example Too Many Requests: retry after N
             */
            description: string;
            /** @example 429 */
            error_code: number;
            /**
             * Format: date-time
             * @example 2026-11-28T03:12:09.000Z
             */
            last_at: string;
            /**
             * @description As the platform documents it: `sendMessage`, or MAX's `POST /messages`.
             * @example sendMessage
             */
            method: string;
        };
        ProviderErrorResponseDto: {
            /**
             * @description What went wrong, in the words of the specification.
             * @example Bot not found
             */
            message: string;
            /** @description The platform's own answer, e.g. `{ ok: false, error_code, description }`. */
            provider?: {
                [key: string]: unknown;
            };
        };
        RecordPaymentDto: {
            /**
             * @description In the currency's smallest units: a positive integer up to 10^12 (a JSON number, not a string).
             * @example 49900
             */
            amount: number;
            /**
             * @description Your id of the charge, unique per bot: 1–255 characters without control characters. The same id again is the same payment.
             * @example yk-2c4f1a90-000f-5000-9000-1b2c3d4e5f60
             */
            charge_id: string;
            /**
             * @description Three upper-case letters: ISO 4217 (`RUB`, `USD`) or `XTR`.
             * @example RUB
             */
            currency: string;
            /**
             * Format: date-time
             * @description ISO 8601 (no offset: UTC), at most 5 minutes ahead of the server's clock; absent: now.
             * @example 2026-11-24T18:42:07Z
             */
            paid_at?: string;
            /**
             * @description What was bought (a plan, a product code): 1–4096 characters; null or absent for none.
             * @example plan:pro
             */
            payload?: string | null;
            /**
             * @description The payer's user id on the platform (a contact of the bot), as a string or an integer
             * @example 417203958
             */
            user_id: string | number;
        };
        RefundPaymentDto: {
            /**
             * Format: date-time
             * @description ISO 8601 (no offset: UTC), not before the payment's `paid_at` nor more than 5 minutes ahead; absent: now.
             * @example 2026-11-25T09:00:00Z
             */
            refunded_at?: string;
        };
        RegisteredDto: {
            user: components["schemas"]["UserDto"];
        };
        ReplyFormDto: {
            /**
             * Format: binary
             * @description Up to 50 MB; needs `kind`.
             */
            file?: string;
            /** @enum {string} */
            kind?: "photo" | "audio" | "file";
            /** @description The message, or the caption of the file (up to 4000 characters; 1024 with a file on Telegram). Required without a file. */
            text?: string;
        };
        ReplyTicketDto: {
            text: string;
        };
        ReplyTimeDto: {
            /**
             * @description Null when nothing was answered.
             * @example 4200
             */
            p50_ms: number | null;
            /** @example 31000 */
            p90_ms: number | null;
            /** @example 180000 */
            p99_ms: number | null;
            /**
             * @description Inbound messages of the window that were answered (at any time).
             * @example 412
             */
            replied: number;
        };
        RetentionCohortDto: {
            /**
             * @description `retained[k]`: the cohort's contacts with an inbound message in the k-th period after its own;
             *     `retained[0]` is `size`. One element per period that has begun, the current one included.
             * @example [
             *       120,
             *       48,
             *       31
             *     ]
             */
            retained: number[];
            /**
             * @description Contacts first seen in the period.
             * @example 120
             */
            size: number;
            /**
             * @description The period's first day (a Monday for weeks), `YYYY-MM-DD`, UTC.
             * @example 2024-05-06
             */
            start: string;
        };
        RetentionDto: {
            /** @description One cohort per period, oldest first, the current period last; periods without new contacts have size 0. */
            cohorts: components["schemas"]["RetentionCohortDto"][];
            /** @enum {string} */
            period: "week" | "day";
            /**
             * @description The source filter applied, null for all contacts.
             * @example null
             */
            source: string | null;
        };
        RevenueCohortDto: {
            /**
             * @description `net_per_contact[k]`: the net revenue (payments minus refunds, in the currency's smallest units) of the cohort's
             *     contacts made by the end of its k-th period (k = 0 is its own), divided by `size`, two decimals; 0 for an empty
             *     cohort. One element per period that has begun, the current one included.
             * @example [
             *       4.17,
             *       9.58,
             *       11.25
             *     ]
             */
            net_per_contact: number[];
            /**
             * @description Of them, those with a payment in the currency that was not refunded, made by now.
             * @example 9
             */
            payers: number;
            /**
             * @description Contacts first seen in the period.
             * @example 120
             */
            size: number;
            /**
             * @description The period's first day (a Monday for weeks), `YYYY-MM-DD`, UTC.
             * @example 2026-09-07
             */
            start: string;
        };
        RevenueCohortsDto: {
            /** @description One cohort per period, oldest first, the current period last, as in the retention report. */
            cohorts: components["schemas"]["RevenueCohortDto"][];
            /**
             * @description The currency counted: the one asked, else the bot's most used one; null when the bot has no payments.
             * @example XTR
             */
            currency: string | null;
            /** @enum {string} */
            period: "week" | "day";
            /**
             * @description The source filter applied, null for all contacts.
             * @example null
             */
            source: string | null;
        };
        RevenueDayDto: {
            /** @example XTR */
            currency: string;
            /**
             * Format: date
             * @example 2026-11-24
             */
            date: string;
            /** @example 600 */
            gross: number;
            /** @example 600 */
            net: number;
            /** @example 0 */
            refunds: number;
        };
        RevenueDto: {
            /** @description Per payload and currency, by currency as in `totals`, then most net, most payments, by payload. */
            by_payload: components["schemas"]["RevenuePayloadDto"][];
            /**
             * @description For each currency of `totals`: every source that brought new contacts in the window (with zeros where they paid
             *     nothing in that currency) and every source paid in that currency in the window; by currency as in `totals`, then
             *     most net, most contacts, by source and campaign (byte order).
             */
            by_source: components["schemas"]["RevenueSourceDto"][];
            /**
             * Format: date
             * @description The window's first UTC day.
             * @example 2026-11-01
             */
            from: string;
            /** @description Every day of the window for each currency of `totals` (zeros on days without payments), oldest first. */
            timeline: components["schemas"]["RevenueDayDto"][];
            /**
             * Format: date
             * @description The window's last UTC day (included).
             * @example 2026-11-30
             */
            to: string;
            /** @description One per currency paid in the window, most payments first. */
            totals: components["schemas"]["RevenueTotalDto"][];
        };
        RevenuePayloadDto: {
            /** @example XTR */
            currency: string;
            /** @example 4500 */
            net: number;
            /** @example plan:pro */
            payload: string | null;
            /** @example 9 */
            payments: number;
        };
        RevenueSourceDto: {
            /** @example black_friday */
            campaign_name: string | null;
            /**
             * @description The source's contacts first seen in the window (whether they paid or not): the same in every currency.
             * @example 340
             */
            contacts: number;
            /** @example XTR */
            currency: string;
            /**
             * @description Gross minus refunds of those payments.
             * @example 3400
             */
            net: number;
            /**
             * @description The source's contacts (first seen whenever) with a payment in the window that was not refunded.
             * @example 12
             */
            payers: number;
            /**
             * @description Their payments in the window, refunded ones included.
             * @example 15
             */
            payments: number;
            /**
             * @description `— unmapped` for contacts without a source.
             * @example instagram
             */
            source_value: string;
        };
        RevenueTotalDto: {
            /**
             * @description ISO 4217, or `XTR` for Telegram Stars.
             * @example XTR
             */
            currency: string;
            /**
             * @description Every payment made in the window, refunded ones included.
             * @example 12500
             */
            gross: number;
            /**
             * @description `gross − refunds`.
             * @example 12000
             */
            net: number;
            /**
             * @description Of `payers`, those whose first payment ever (in any currency, refunded or not) is in the window.
             * @example 25
             */
            new_payers: number;
            /**
             * @description Contacts with a payment in the window that was not refunded.
             * @example 40
             */
            payers: number;
            /** @example 61 */
            payments: number;
            /**
             * @description Of `payments`, those refunded.
             * @example 2
             */
            refunded: number;
            /**
             * @description What of `gross` was refunded (whenever the refund came).
             * @example 500
             */
            refunds: number;
        };
        SendMessageDto: {
            /**
             * @description Up to 4000 characters.
             * @example Да, доставляем за 2 дня.
             */
            text: string;
            /**
             * @description The contact's `external_user_id`; it must be a contact of the bot.
             * @example 417203958
             */
            userId: string;
        };
        SentMessageDto: {
            /**
             * Format: date-time
             * @example 2026-11-24T18:42:09.000Z
             */
            created_at: string;
            /**
             * @example out
             * @enum {string}
             */
            direction: "out";
            /**
             * @description Botlens's own message id; an empty string when the sent message was not recorded, e.g. once the account's
             *     free plan has used its monthly cap (the user still got it).
             * @example 316039ee-4b9a-4c80-aea1-73325761a866
             */
            id: string;
            /** @example true */
            ok: boolean;
            /**
             * @description The platform's unprocessed answer (Telegram: `result.message_id` is its own id).
             * @example {
             *       "ok": true,
             *       "result": {
             *         "message_id": 5120
             *       }
             *     }
             */
            provider: {
                [key: string]: unknown;
            };
            /** @example Да, доставляем за 2 дня. */
            text: string;
        };
        SessionDto: {
            /**
             * Format: date-time
             * @description 7 days after sign-in; 1 hour for an admin's sign-in as a user.
             * @example 2026-11-09T08:00:00.000Z
             */
            expires_at: string;
            /**
             * @description Bearer token for the session API (`Authorization: Bearer bls_…`); shown only here.
             * @example bls_GIhwhpsuBfEg9tEfkB84YsDlI1R8rhc0Hr95topupGq
             */
            token: string;
            user: components["schemas"]["UserDto"];
        };
        SourceMappingDto: {
            /** @description Replaces the campaign of the matching rows, up to 128 characters; null keeps the link's own campaign. */
            campaign_name: string | null;
            /** @description The value as it arrives in `/start` links (case-sensitive), 1 to 64 characters. */
            raw: string;
            /** @description What reports show instead, 1 to 64 characters. */
            source_value: string;
        };
        SourceMappingInputDto: {
            /** @description Omit, or null or empty, to keep each link's own campaign. */
            campaign_name?: string | null;
            /** @description The value as it arrives in `/start` links (case-sensitive). */
            raw: string;
            source_value: string;
        };
        SourceMappingListDto: {
            /** @description Ordered by raw value. */
            data: components["schemas"]["SourceMappingDto"][];
        };
        SourceRowDto: {
            /** @example black_friday */
            campaign_name: string | null;
            /**
             * @description Contacts whose first touch with a parameter came from this source.
             * @example 340
             */
            contacts_count: number;
            /**
             * @description The normalised source; `— unmapped` for contacts that came without a `/start` parameter.
             * @example instagram
             */
            source_value: string;
            /**
             * @description All touches through this source, repeat visits included.
             * @example 415
             */
            touches: number;
        };
        SourcesDto: {
            /** @description Most contacts first, then most touches, then by name. */
            data: components["schemas"]["SourceRowDto"][];
            /**
             * @description The deep-link key the bot reads the source from.
             * @example utm_source
             */
            utm_key: string;
        };
        StatsDto: {
            /**
             * @description Contacts who wrote in the last 7 days and first appeared earlier.
             * @example 215
             */
            active_users_7d: number;
            /**
             * @description Contacts whose last inbound message is within the last 24 hours.
             * @example 87
             */
            contacts_active_24h: number;
            /**
             * @description All contacts.
             * @example 1250
             */
            contacts_total: number;
            /**
             * @description Messages of both directions in the last 24 hours.
             * @example 640
             */
            messages_24h: number;
            /** @example 9920 */
            messages_in: number;
            /**
             * @description Sent by the bot: through the mirror, the proxy's webhook replies and the API.
             * @example 8422
             */
            messages_out: number;
            /**
             * @description All messages, both directions.
             * @example 18342
             */
            messages_total: number;
            /**
             * @description Contacts who first appeared (with their first message) in the last 7 days.
             * @example 132
             */
            new_users_7d: number;
        };
        TargetErrorsDto: {
            /**
             * @description Updates the proxy target failed (status >= 500, a timeout, a refused connection).
             * @example 0
             */
            count: number;
            /**
             * Format: date-time
             * @example null
             */
            last_at: string | null;
            /** @example null */
            last_error: string | null;
        };
        TariffChangedDto: {
            invoice: components["schemas"]["InvoiceDto"];
            /** @enum {string} */
            tariff: "free" | "pro" | "business";
        };
        TariffDto: {
            /** @enum {string} */
            code: "free" | "pro" | "business";
            /** @enum {string} */
            currency: "RUB";
            /** @description Messages recorded per UTC month; null: no cap. Forwarding never stops at the cap. */
            message_cap: number | null;
            name: string;
            /** @description Price per month in `currency`. */
            price_month: number;
            /** @description People in the account, owner included. */
            team_size: number;
        };
        TariffListDto: {
            data: components["schemas"]["TariffDto"][];
        };
        TeamAccountDto: {
            /** @description The owner's address. */
            email: string;
            /** Format: uuid */
            id: string;
            tariff: string;
            /** @description People the plan allows, owner included. */
            team_size: number;
        };
        TeamApiKeyDto: {
            /**
             * Format: date-time
             * @example 2026-11-03T14:00:00.000Z
             */
            created_at: string;
            /** Format: date-time */
            expires_at: string | null;
            holder: components["schemas"]["ApiKeyHolderDto"];
            /** Format: uuid */
            id: string;
            /**
             * @description The first 8 and last 4 characters of the key, to recognise it.
             * @example blk_SlRy…kSYB
             */
            key_hint: string;
            /**
             * Format: date-time
             * @example 2026-11-24T07:00:03.000Z
             */
            last_used_at: string | null;
            /** @example CRM export */
            name: string;
            /** Format: date-time */
            revoked_at: string | null;
            /**
             * @example [
             *       "read"
             *     ]
             */
            scopes: ("read" | "write")[];
            /**
             * @example active
             * @enum {string}
             */
            status: "active" | "revoked" | "expired";
        };
        TeamApiKeyListDto: {
            /** @description Keys of everyone in the account (owner and members), newest first. */
            data: components["schemas"]["TeamApiKeyDto"][];
        };
        TeamDto: {
            account: components["schemas"]["TeamAccountDto"];
            /** @description Pending invitations (shown to the owner only; empty for members). */
            invites: components["schemas"]["TeamInviteDto"][];
            /** @description The owner first, then members by joining time. */
            members: components["schemas"]["TeamMemberDto"][];
            /**
             * @description Your role in this account.
             * @enum {string}
             */
            role: "owner" | "administrator" | "observer";
        };
        TeamInviteDto: {
            /** Format: date-time */
            created_at: string;
            email: string;
            /** Format: date-time */
            expires_at: string;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            role: "administrator" | "observer";
        };
        TeamMemberDto: {
            email: string;
            /**
             * Format: date-time
             * @description When they joined (the account's creation for the owner).
             */
            joined_at: string;
            /** @enum {string} */
            role: "owner" | "administrator" | "observer";
            /** Format: uuid */
            user_id: string;
        };
        TeamPlaceDto: {
            /**
             * Format: uuid
             * @description The account whose bots you work on: your team's, else your own.
             */
            account_id: string;
            /**
             * @example owner
             * @enum {string}
             */
            role: "owner" | "administrator" | "observer";
        };
        TelegramError: {
            description: string;
            error_code: number;
            /** @enum {boolean} */
            ok: false;
        };
        TicketAuthorDto: {
            email: string;
            /** Format: uuid */
            id: string;
        };
        TicketDto: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            /** @description Oldest first. */
            replies: components["schemas"]["TicketReplyDto"][];
            /**
             * @description `open` until support answers, then `answered`.
             * @enum {string}
             */
            status: "open" | "answered";
            subject: string;
            text: string;
        };
        TicketListDto: {
            /** @description Your requests, newest first. */
            data: components["schemas"]["TicketDto"][];
        };
        TicketReplyDto: {
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            id: string;
            text: string;
        };
        TimelineDayDto: {
            /**
             * @description A UTC date, `YYYY-MM-DD`.
             * @example 2024-05-01
             */
            date: string;
            /** @example 412 */
            messages_in: number;
            /** @example 388 */
            messages_out: number;
            /**
             * @description Contacts that first appeared that day.
             * @example 21
             */
            new_contacts: number;
        };
        TimelineDto: {
            /** @description One element per UTC day, oldest first, the last one today; days without activity have zeros. */
            data: components["schemas"]["TimelineDayDto"][];
            days: number;
        };
        UnansweredDto: {
            /**
             * @description Inbound messages without an answer within the bot's reply window (those still within it are not counted yet).
             * @example 17
             */
            count: number;
            /**
             * @description count ÷ inbound messages of the window, two decimals (0 without inbound messages).
             * @example 0.04
             */
            share: number;
        };
        UpdateBotDto: {
            /** @description false deactivates the bot: new updates stop entering; true resumes collection. */
            active?: boolean;
            alerts?: components["schemas"]["AlertRulesDto"];
            name?: string;
            /** @description Seconds within which an inbound message must be answered not to count as unanswered; default 300. */
            reply_window_s?: number;
            target_url?: string | null;
            /** @description A new token (checked with the platform), or null to return to analytics-only mode. */
            token?: string | null;
            utm_key?: string;
        };
        UpdateIntentDto: {
            /** @description Hexadecimal colour for highlighting in the cabinet, e.g. `#22C55E`. */
            color?: string;
            description?: string;
            is_active?: boolean;
            /** @description Whole words or phrases, matched without regard to case. */
            keywords?: string[];
            /** @description Technical key, unique per bot; funnels refer to intents by it. */
            name?: string;
            /** @description Regular expressions in RE2 syntax (no lookaround or backreferences), run in linear time. */
            patterns?: string[];
        };
        UpdateUserDto: {
            /** @enum {string} */
            role?: "user" | "admin";
            /**
             * @description Moves the account to this plan and writes an invoice marked `changed_by: admin`.
             * @enum {string}
             */
            tariff?: "free" | "pro" | "business";
        };
        UpdateWebhookDto: {
            active?: boolean;
            events?: ("message.created" | "message.outbound" | "contact.created" | "test.ping" | "button.pressed" | "intent.matched" | "broadcast.completed" | "funnel.step_passed" | "payment.succeeded" | "payment.refunded" | "link.clicked" | "bot.alert.opened" | "bot.alert.resolved")[];
            url?: string;
        };
        UsageDto: {
            /**
             * @description The plan's monthly cap (FREE_PLAN_MESSAGE_CAP on the free plan); null: none.
             * @example 1000
             */
            cap: number | null;
            /**
             * @description Messages recorded for the account this UTC month, both directions.
             * @example 412
             */
            messages_this_month: number;
        };
        UserDto: {
            /**
             * Format: date-time
             * @example 2026-11-01T08:00:00.000Z
             */
            created_at: string;
            /** @example owner@example.com */
            email: string;
            /** @example true */
            email_confirmed: boolean;
            /** Format: uuid */
            id: string;
            /**
             * @example user
             * @enum {string}
             */
            role: "user" | "admin";
            /** @example free */
            tariff: string;
        };
        WebhookDto: {
            /** @example true */
            active: boolean;
            /**
             * Format: uuid
             * @description Only this bot's events; null for all your bots.
             * @example 09e4d1f4-975a-4550-b3a8-d61294b431de
             */
            bot_id: string | null;
            /**
             * Format: date-time
             * @example 2026-11-03T14:20:00.000Z
             */
            created_at: string;
            /**
             * @example [
             *       "message.created",
             *       "contact.created"
             *     ]
             */
            events: ("message.created" | "message.outbound" | "contact.created" | "test.ping" | "button.pressed" | "intent.matched" | "broadcast.completed" | "funnel.step_passed" | "payment.succeeded" | "payment.refunded" | "link.clicked" | "bot.alert.opened" | "bot.alert.resolved")[];
            /** Format: uuid */
            id: string;
            /** @example https://crm.example/botlens */
            url: string;
        };
        WebhookInfoDto: {
            /** @description True when the platform delivers this bot's updates to its proxy URL. */
            connected: boolean;
            /** @description Whether deliveries must carry the platform secret header Botlens set. */
            has_secret: boolean;
            /**
             * Format: date-time
             * @description Telegram only: when and why the last delivery failed.
             */
            last_error_at: string | null;
            last_error_message: string | null;
            /** @description Telegram only (null on MAX): updates the platform has not delivered yet. */
            pending_update_count: number | null;
            /** @enum {string} */
            platform: "telegram" | "max";
            /** @description This bot's proxy URL, the address Botlens sets on the platform. */
            proxy_url: string;
            /** @description Telegram `allowed_updates` / MAX `update_types` of that webhook. */
            update_types: string[];
            /** @description Where the platform delivers updates now (Telegram: any webhook URL; MAX: the proxy URL if subscribed), or null. */
            url: string | null;
        };
        WebhookListDto: {
            data: components["schemas"]["WebhookDto"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    AdminApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked (also when it already was) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Audit_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    AdminSupport_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "open" | "answered";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminTicketListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    AdminSupport_reply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplyTicketDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketReplyDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Admin_list: {
        parameters: {
            query?: {
                /** @description Part of the address, any case. */
                email?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminUserListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Admin_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Admin_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Admin_listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Admin_impersonate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Auth_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Auth_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CredentialsDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Auth_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Auth_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CredentialsDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisteredDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Auth_resend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailDto"];
            };
        };
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Avatars_contactAvatar: {
        parameters: {
            query?: {
                /** @description Signed link: expiry, Unix seconds */
                expires?: unknown;
                /** @description Signed link: its signature */
                signature?: unknown;
            };
            header?: never;
            path: {
                botId: string;
                externalUserId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image bytes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                    "image/gif": string;
                    "image/jpeg": string;
                    "image/png": string;
                    "image/webp": string;
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": components["schemas"]["ErrorResponseDto"];
                    "image/gif": components["schemas"]["ErrorResponseDto"];
                    "image/jpeg": components["schemas"]["ErrorResponseDto"];
                    "image/png": components["schemas"]["ErrorResponseDto"];
                    "image/webp": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": components["schemas"]["ErrorResponseDto"];
                    "image/gif": components["schemas"]["ErrorResponseDto"];
                    "image/jpeg": components["schemas"]["ErrorResponseDto"];
                    "image/png": components["schemas"]["ErrorResponseDto"];
                    "image/webp": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The platform failed or did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": components["schemas"]["ErrorResponseDto"];
                    "image/gif": components["schemas"]["ErrorResponseDto"];
                    "image/jpeg": components["schemas"]["ErrorResponseDto"];
                    "image/png": components["schemas"]["ErrorResponseDto"];
                    "image/webp": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Billing_invoices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Billing_change: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeTariffDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffChangedDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Bots_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Bots_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBotDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The platform failed or did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Bots_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Bots_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Bots_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBotDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The platform failed or did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BotHealth_alerts: {
        parameters: {
            query?: {
                /** @description Only open or only resolved alerts; all by default. */
                state?: "open" | "resolved";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Broadcasts_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BroadcastListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Broadcasts_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBroadcastFormDto"];
                "multipart/form-data": components["schemas"]["CreateBroadcastFormDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BroadcastDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed, or the bot is deactivated (`Bot is deactivated`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Broadcasts_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                broadcastId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BroadcastDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Broadcasts_preview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BroadcastPreviewRequestDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BroadcastPreviewDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Buttons_list: {
        parameters: {
            query?: {
                /**
                 * @description Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
                 *     (`2024-05-01` = from midnight UTC of that day).
                 */
                from?: string;
                /** @description Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ButtonsDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Contacts_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /**
                 * @description `true`: only payers (contacts with a payment that was not refunded); `false`: only the others. `total` then
                 *     counts those.
                 */
                payer?: boolean;
                /**
                 * @description A case-insensitive part of the first name, last name (or "first last"), username or phone, or the exact
                 *     platform user id. `%`, `_` and backslashes match themselves. Surrounding spaces are ignored; empty lists all contacts.
                 *     Control characters are refused (no stored name holds one, and PostgreSQL text cannot hold NUL).
                 */
                q?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CabinetContactListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Contacts_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CabinetContactDetailDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ContactErasure_erase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Contacts_export: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description UTF-8 CSV with a BOM (RFC 4180: CRLF, fields quoted when they hold a comma, quote or line break), a header row and the JSON list's columns: id, external_user_id, username, first_name, last_name, is_premium, last_seen_at, messages_count, payments, revenue (each currency and its net, `RUB 99000; XTR 1500`). Sent as `attachment` named `<bot username or id>-<contacts|messages|payments>-YYYY-MM-DD.csv`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Dialogs_list: {
        parameters: {
            query?: {
                /** @description 1 to 1000; larger values are cut to 1000. */
                limit?: number;
                /** @description `true`: only dialogs waiting for an answer past the bot's reply window, the longest wait first (issue 27). */
                unanswered?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DialogListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Dialogs_clicks: {
        parameters: {
            query?: {
                /**
                 * @description Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
                 *     (`2024-05-01` = from midnight UTC of that day).
                 */
                from?: string;
                /** @description 1 to 1000; larger values are cut to 1000. */
                limit?: number;
                /** @description Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DialogClickListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Dialogs_history: {
        parameters: {
            query?: {
                /**
                 * @description Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
                 *     (`2024-05-01` = from midnight UTC of that day).
                 */
                from?: string;
                /** @description 1 to 1000; larger values are cut to 1000. */
                limit?: number;
                /** @description Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CabinetMessageListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Dialogs_reply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplyFormDto"];
                "multipart/form-data": components["schemas"]["ReplyFormDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SentMessageDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed, or the bot is deactivated (`Bot is deactivated`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Provider send failed, or the platform is unreachable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderErrorResponseDto"];
                };
            };
        };
    };
    Dialogs_presses: {
        parameters: {
            query?: {
                /**
                 * @description Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
                 *     (`2024-05-01` = from midnight UTC of that day).
                 */
                from?: string;
                /** @description 1 to 1000; larger values are cut to 1000. */
                limit?: number;
                /** @description Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DialogPressListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Funnels_result: {
        parameters: {
            query?: {
                /** @description Only contacts of this source (mapped value, as in the sources report; `— unmapped` for contacts without one) */
                source?: unknown;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FunnelResultDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Funnels_getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FunnelConfigAnswerDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Funnels_putConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FunnelConfigDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FunnelConfigAnswerDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BotHealth_report: {
        parameters: {
            query?: {
                /** @description The first UTC day, `YYYY-MM-DD`; by default 6 days before `to` (7 days in all). */
                from?: string;
                /** @description The last UTC day, included whole; by default today (UTC). At most 366 days after `from`. */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Intents_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Intents_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIntentDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentWithRulesDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Intents_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                intentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Intents_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                intentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateIntentDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentWithRulesDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Intents_messages: {
        parameters: {
            query?: {
                /** @description 1 to 1000, default 100 */
                limit?: string;
                /** @description 0 or more, default 0 */
                offset?: string;
            };
            header?: never;
            path: {
                id: string;
                intentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentMessagesDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Links_page: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkPageDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Links_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLinkDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Links_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Links_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Links_timeline: {
        parameters: {
            query?: {
                /** @description The first UTC day, `YYYY-MM-DD`; by default 29 days before `to`. */
                from?: string;
                /** @description The last UTC day, included, `YYYY-MM-DD`; by default today. At most 366 days from `from`. */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkClicksTimelineDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    MessagesExport_export: {
        parameters: {
            query?: {
                /**
                 * @description Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
                 *     (`2024-05-01` = from midnight UTC of that day).
                 */
                from?: string;
                /** @description Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
                to?: string;
                /** @description Only this user's messages (`external_user_id`); an unknown user gives an empty list. */
                userId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description UTF-8 CSV with a BOM (RFC 4180: CRLF, fields quoted when they hold a comma, quote or line break), a header row and the JSON list's columns: id, direction, external_user_id, text, created_at. Sent as `attachment` named `<bot username or id>-<contacts|messages|payments>-YYYY-MM-DD.csv`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Payments_list: {
        parameters: {
            query?: {
                /**
                 * @description The previous page's `next_before`, for the page after it; or an ISO 8601 time (a date is its midnight UTC, no
                 *     offset is UTC), for the payments paid before it.
                 */
                before?: string;
                /** @description Page size, 1 to 1000; out of range or not a plain integer is 400. */
                limit?: number;
                /** @description Only this contact's payments (its user id on the platform). */
                user_id?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Revenue_exportPayments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description UTF-8 CSV with a BOM (RFC 4180: CRLF, fields quoted when they hold a comma, quote or line break), a header row and the JSON list's columns: id, bot_id, user_id, amount, currency, charge_id, provider_charge_id, payload, recurring, first_recurring, subscription_expires_at, paid_at, refunded_at, source_value, campaign_name. Sent as `attachment` named `<bot username or id>-<contacts|messages|payments>-YYYY-MM-DD.csv`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Retention_cohorts: {
        parameters: {
            query?: {
                /** @description ISO weeks (Monday, UTC) or UTC days. */
                period?: "week" | "day";
                /** @description How many periods, the current one included: 1–52 weeks (default 12) or 1–90 days (default 30). */
                periods?: number;
                /** @description Only contacts of this source (mapped value, as in the sources report; `— unmapped` for contacts without one). */
                source?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetentionDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Revenue_report: {
        parameters: {
            query?: {
                /** @description The first UTC day of the window, `YYYY-MM-DD`; by default 29 days before `to` (30 days in all). */
                from?: string;
                /**
                 * @description Only the payments and contacts of this source (mapped value, as in the sources report; `— unmapped` for
                 *     contacts without one).
                 */
                source?: string;
                /** @description The last UTC day of the window, included whole; by default today (UTC). At most 366 days after `from`. */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevenueDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Revenue_cohorts: {
        parameters: {
            query?: {
                /** @description Three upper-case letters (`XTR`, `RUB`…); by default the currency of most of the bot's payments. */
                currency?: string;
                /** @description ISO weeks (Monday, UTC) or UTC days. */
                period?: "week" | "day";
                /** @description How many periods, the current one included: 1–52 weeks (default 12) or 1–90 days (default 30). */
                periods?: number;
                /** @description Only contacts of this source (mapped value, as in the sources report; `— unmapped` for contacts without one). */
                source?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevenueCohortsDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Sources_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourcesDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    SourceMappings_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceMappingListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    SourceMappings_replace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SourceMappingInputDto"][];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourceMappingListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Stats_summary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatsDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Stats_timeline: {
        parameters: {
            query?: {
                /** @description How many days, ending today (UTC), 1 to 365. */
                days?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimelineDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhook_info: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookInfoDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The platform failed or did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhook_connect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookInfoDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The platform failed or did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhook_disconnect: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The platform failed or did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Me_describe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ApiKeys_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiKeyListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ApiKeys_issue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiKeyDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiKeyDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_deliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDto"][];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Webhooks_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Support_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Support_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTicketDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TicketDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Billing_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TariffListDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Teams_describe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    TeamApiKeys_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamApiKeyListDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    TeamApiKeys_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Teams_invite: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamInviteDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Teams_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                inviteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Teams_accept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptedInviteDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Limit reached */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Teams_leave: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Teams_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Teams_setRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeMemberRoleDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamMemberDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not authenticated */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not allowed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BotsV1_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiBotListDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BotsV1_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiBotDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BotHealthV1_alerts: {
        parameters: {
            query?: {
                /** @description Only open or only resolved alerts; all by default. */
                state?: "open" | "resolved";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BroadcastV1_broadcast: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BroadcastV1RequestDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BroadcastResultDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /**
             * @description The key lacks scope "write"
             *
             *     Or the bot is deactivated (`Bot is deactivated`)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Error */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BroadcastsV1_page: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BroadcastPageDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BroadcastsV1_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                broadcastId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BroadcastDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ButtonsV1_list: {
        parameters: {
            query?: {
                /**
                 * @description Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
                 *     (`2024-05-01` = from midnight UTC of that day).
                 */
                from?: string;
                /** @description Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ButtonsDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ContactsV1_list: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                /**
                 * @description `true`: only payers (contacts with a payment that was not refunded); `false`: only the others. `total` then
                 *     counts those.
                 */
                payer?: boolean;
                /**
                 * @description A case-insensitive part of the first name, last name (or "first last"), username or phone, or the exact
                 *     platform user id. `%`, `_` and backslashes match themselves. Surrounding spaces are ignored; empty lists all contacts.
                 *     Control characters are refused (no stored name holds one, and PostgreSQL text cannot hold NUL).
                 */
                q?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ContactsV1_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContactDetailDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ContactsV1_export: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description UTF-8 CSV with a BOM (RFC 4180: CRLF, fields quoted when they hold a comma, quote or line break), a header row and the JSON list's columns: id, external_user_id, username, first_name, last_name, is_premium, last_seen_at, messages_count, payments, revenue (each currency and its net, `RUB 99000; XTR 1500`). Sent as `attachment` named `<bot username or id>-<contacts|messages|payments>-YYYY-MM-DD.csv`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    DialogsV1_list: {
        parameters: {
            query?: {
                /** @description 1 to 1000; larger values are cut to 1000. */
                limit?: number;
                /** @description `true`: only dialogs waiting for an answer past the bot's reply window, the longest wait first (issue 27). */
                unanswered?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DialogListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    BotHealthV1_report: {
        parameters: {
            query?: {
                /** @description The first UTC day, `YYYY-MM-DD`; by default 6 days before `to` (7 days in all). */
                from?: string;
                /** @description The last UTC day, included whole; by default today (UTC). At most 366 days after `from`. */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    IntentsV1_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiIntentListDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    IntentsV1_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateIntentDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentWithRulesDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    IntentsV1_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                intentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    IntentsV1_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                intentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateIntentDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentWithRulesDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    IntentsV1_messages: {
        parameters: {
            query?: {
                /** @description 1 to 1000, default 100 */
                limit?: string;
                /** @description 0 or more, default 0 */
                offset?: string;
            };
            header?: never;
            path: {
                id: string;
                intentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntentMessagesDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    LinksV1_page: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkPageDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    LinksV1_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateLinkDto"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    LinksV1_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    LinksV1_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; no body */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "write" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    LinksV1_timeline: {
        parameters: {
            query?: {
                /** @description The first UTC day, `YYYY-MM-DD`; by default 29 days before `to`. */
                from?: string;
                /** @description The last UTC day, included, `YYYY-MM-DD`; by default today. At most 366 days from `from`. */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
                linkId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkClicksTimelineDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    MessagesV1_list: {
        parameters: {
            query?: {
                /**
                 * @description Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
                 *     (`2024-05-01` = from midnight UTC of that day).
                 */
                from?: string;
                /** @description 1 to 1000; larger values are cut to 1000. */
                limit?: number;
                /** @description Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
                to?: string;
                /** @description Only this user's messages (`external_user_id`); an unknown user gives an empty list. */
                userId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MessageListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    MessagesV1_export: {
        parameters: {
            query?: {
                /**
                 * @description Messages not earlier than this: an ISO 8601 timestamp (UTC when it has no offset) or a date
                 *     (`2024-05-01` = from midnight UTC of that day).
                 */
                from?: string;
                /** @description Messages not later than this: a timestamp, or a date meaning the end of that UTC day (the whole day included). */
                to?: string;
                /** @description Only this user's messages (`external_user_id`); an unknown user gives an empty list. */
                userId?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description UTF-8 CSV with a BOM (RFC 4180: CRLF, fields quoted when they hold a comma, quote or line break), a header row and the JSON list's columns: id, direction, external_user_id, text, created_at. Sent as `attachment` named `<bot username or id>-<contacts|messages|payments>-YYYY-MM-DD.csv`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    PaymentsV1_list: {
        parameters: {
            query?: {
                /**
                 * @description The previous page's `next_before`, for the page after it; or an ISO 8601 time (a date is its midnight UTC, no
                 *     offset is UTC), for the payments paid before it.
                 */
                before?: string;
                /** @description Page size, 1 to 1000; out of range or not a plain integer is 400. */
                limit?: number;
                /** @description Only this contact's payments (its user id on the platform). */
                user_id?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentListDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    PaymentsV1_record: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecordPaymentDto"];
            };
        };
        responses: {
            /** @description Recorded before with the same fields */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentDto"];
                };
            };
            /** @description Recorded */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /**
             * @description The key lacks scope "write"
             *
             *     Or the bot is deactivated (`Bot is deactivated`)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Conflict */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    PaymentsV1_refund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                charge_id: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundPaymentDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /**
             * @description The key lacks scope "write"
             *
             *     Or the bot is deactivated (`Bot is deactivated`)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    RetentionV1_cohorts: {
        parameters: {
            query?: {
                /** @description ISO weeks (Monday, UTC) or UTC days. */
                period?: "week" | "day";
                /** @description How many periods, the current one included: 1–52 weeks (default 12) or 1–90 days (default 30). */
                periods?: number;
                /** @description Only contacts of this source (mapped value, as in the sources report; `— unmapped` for contacts without one). */
                source?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetentionDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    RevenueV1_report: {
        parameters: {
            query?: {
                /** @description The first UTC day of the window, `YYYY-MM-DD`; by default 29 days before `to` (30 days in all). */
                from?: string;
                /**
                 * @description Only the payments and contacts of this source (mapped value, as in the sources report; `— unmapped` for
                 *     contacts without one).
                 */
                source?: string;
                /** @description The last UTC day of the window, included whole; by default today (UTC). At most 366 days after `from`. */
                to?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevenueDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    RevenueV1_cohorts: {
        parameters: {
            query?: {
                /** @description Three upper-case letters (`XTR`, `RUB`…); by default the currency of most of the bot's payments. */
                currency?: string;
                /** @description ISO weeks (Monday, UTC) or UTC days. */
                period?: "week" | "day";
                /** @description How many periods, the current one included: 1–52 weeks (default 12) or 1–90 days (default 30). */
                periods?: number;
                /** @description Only contacts of this source (mapped value, as in the sources report; `— unmapped` for contacts without one). */
                source?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevenueCohortsDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    SendV1_send: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendMessageDto"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SentMessageDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /**
             * @description The key lacks scope "write"
             *
             *     Or the bot is deactivated (`Bot is deactivated`)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Provider send failed, or the platform is unreachable */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderErrorResponseDto"];
                };
            };
        };
    };
    SourcesV1_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SourcesDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    StatsV1_summary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatsDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    StatsV1_timeline: {
        parameters: {
            query?: {
                /** @description How many days, ending today (UTC), 1 to 365. */
                days?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimelineDto"];
                };
            };
            /** @description Invalid input (the message names the field) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Missing, unknown, revoked or expired key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The key lacks scope "read" */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure while checking the key (Ошибка авторизации) */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Health_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    Health_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Health Check is successful */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        /** @example {} */
                        error?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /** @example ok */
                        status?: string;
                    };
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /**
             * @description A dependency is down, or the instance is shutting down
             *
             *     The Health Check is not successful
             */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       },
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect"
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        /**
                         * @example {
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect"
                         *       }
                         *     }
                         */
                        error?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /** @example error */
                        status?: string;
                    };
                };
            };
        };
    };
    LinkRedirect_open: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The short code of the link */
                code: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the stored URL, with `Cache-Control: no-store` */
            302: {
                headers: {
                    /** @description The link's URL */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such link, or it was deleted: a small page saying so */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Method not allowed: a link is opened with GET */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A link not in memory while PostgreSQL is unreachable: try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    LinkRedirect_personal: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The short code of the link */
                code: string;
                /** @description The contact's token, made for this link (32 characters) */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the stored URL, with `Cache-Control: no-store` */
            302: {
                headers: {
                    /** @description The link's URL */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such link, or it was deleted: a small page saying so */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Method not allowed: a link is opened with GET */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal failure */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description A link not in memory while PostgreSQL is unreachable: try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    MaxMirror_get: {
        parameters: {
            query?: never;
            header?: {
                /** @description The bot's MAX token */
                Authorization?: string;
            };
            path: {
                /** @description The MAX resource, e.g. `me`, `messages`, `updates`, `subscriptions` */
                resource: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The platform's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Unknown token: never forwarded */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The bot is deactivated in Botlens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description Body over 50 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The mirror itself failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    MaxMirror_put: {
        parameters: {
            query?: never;
            header?: {
                /** @description The bot's MAX token */
                Authorization?: string;
            };
            path: {
                /** @description The MAX resource, e.g. `me`, `messages`, `updates`, `subscriptions` */
                resource: string;
            };
            cookie?: never;
        };
        /** @description Forwarded unchanged (JSON, urlencoded or multipart; up to 50 MB) */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The platform's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Unknown token: never forwarded */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The bot is deactivated in Botlens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description Body over 50 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The mirror itself failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    MaxMirror_post: {
        parameters: {
            query?: never;
            header?: {
                /** @description The bot's MAX token */
                Authorization?: string;
            };
            path: {
                /** @description The MAX resource, e.g. `me`, `messages`, `updates`, `subscriptions` */
                resource: string;
            };
            cookie?: never;
        };
        /** @description Forwarded unchanged (JSON, urlencoded or multipart; up to 50 MB) */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The platform's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Unknown token: never forwarded */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The bot is deactivated in Botlens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description Body over 50 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The mirror itself failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    MaxMirror_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The bot's MAX token */
                Authorization?: string;
            };
            path: {
                /** @description The MAX resource, e.g. `me`, `messages`, `updates`, `subscriptions` */
                resource: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The platform's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Unknown token: never forwarded */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The bot is deactivated in Botlens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description Body over 50 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The mirror itself failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    MaxMirror_patch: {
        parameters: {
            query?: never;
            header?: {
                /** @description The bot's MAX token */
                Authorization?: string;
            };
            path: {
                /** @description The MAX resource, e.g. `me`, `messages`, `updates`, `subscriptions` */
                resource: string;
            };
            cookie?: never;
        };
        /** @description Forwarded unchanged (JSON, urlencoded or multipart; up to 50 MB) */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The platform's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Unknown token: never forwarded */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The bot is deactivated in Botlens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description Body over 50 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The mirror itself failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MaxError"];
                };
            };
            /** @description The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    ProxyReceiver_receive: {
        parameters: {
            query?: never;
            header?: {
                /** @description Checked when the subscription was made with a secret */
                "X-Max-Bot-Api-Secret"?: string;
                /** @description Checked when the webhook was set with a secret */
                "X-Telegram-Bot-Api-Secret-Token"?: string;
            };
            path: {
                /** @description The bot id */
                bot_id: string;
                /** @description The bot's proxy secret (part of its proxy_url) */
                secret: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Stored (and forwarded): the target's 2xx answer for Telegram, else empty */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed JSON body */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Invalid webhook secret */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description The bot is deactivated (platform error format) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"] | components["schemas"]["MaxError"];
                };
            };
            /** @description Bot not found */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Request body too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
            /** @description Internal server error */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    TelegramMirror_callGet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Any Bot API method, case-insensitive */
                method: string;
                /** @description The bot's own Telegram token, as with api.telegram.org */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The platform's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Unknown token: never forwarded */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The bot is deactivated in Botlens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description Body over 50 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The mirror itself failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    TelegramMirror_call: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Any Bot API method, case-insensitive */
                method: string;
                /** @description The bot's own Telegram token, as with api.telegram.org */
                token: string;
            };
            cookie?: never;
        };
        /** @description Forwarded unchanged (JSON, urlencoded or multipart; up to 50 MB) */
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
                "multipart/form-data": Record<string, never>;
            };
        };
        responses: {
            /** @description The platform's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Unknown token: never forwarded */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The bot is deactivated in Botlens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description Body over 50 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The mirror itself failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
    TelegramMirror_file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The file_path getFile answered */
                file_path: string;
                /** @description The bot's own Telegram token, as with api.telegram.org */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unknown token: never forwarded */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The bot is deactivated in Botlens */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description Body over 50 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The mirror itself failed */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TelegramError"];
                };
            };
            /** @description The platform is unreachable or slower than 30 s: `{ message: "<platform> <code>" }` */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponseDto"];
                };
            };
        };
    };
}
