import Foundation

struct ListPageView: Encodable {
    struct ListLink: Encodable {
        let name: String
        let url: String
        let active: Bool
    }

    struct Item: Encodable {
        let id: String
        let name: String
        let brand: String
        let quantity: String
        let category: String
        let barcode: String
        let toggleURL: String
        let updateURL: String
        let deleteURL: String
    }

    struct Chip: Encodable {
        let name: String
        let brand: String
        let category: String
    }

    struct Member: Encodable {
        let name: String
        let email: String
        let isOwner: Bool
        let isMe: Bool
        let removeURL: String
    }

    struct SortLink: Encodable {
        let label: String
        let url: String
        let active: Bool
    }

    let id: String
    let name: String
    let isPrivate: Bool
    let isOwner: Bool
    let lists: [ListLink]
    let open: [Item]
    /// Open items past the first page, reached by `showAllURL`.
    let hiddenOpen: Int
    let showAllURL: String
    let bought: [Item]
    let chips: [Chip]
    let suggestions: [Chip]
    let categories: [SelectOption]
    let sorts: [SortLink]
    let members: [Member]
    let pending: [PendingInvitation]
    /// Invitations to my address, each with join and decline.
    let invitations: [Invitation]
    let canInvite: Bool
    /// Says why the owner cannot invite anyone (every seat taken or promised); empty otherwise.
    let fullNotice: String
    let links: Links
    let errors: [String]

    struct PendingInvitation: Encodable {
        let email: String
        let withdrawURL: String
    }

    struct Invitation: Encodable {
        let text: String
        let acceptURL: String
        let declineURL: String
    }

    struct Links: Encodable {
        let page: String
        let create: String
        let rename: String
        let delete: String
        let items: String
        let barcode: String
        let clear: String
        let members: String
        let leave: String
        let live: String
        let expenses: String
    }
}
