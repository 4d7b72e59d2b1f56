/// The small word lists the demo sample is built from, embedded so that no data file ships.
package enum DemoWordLists {
    /// About 150 of the most common passwords in public breach-corpus rankings, most common first.
    package static let commonPasswords: [String] = [
        "123456", "password", "123456789", "12345678", "12345", "qwerty", "1234567", "111111", "1234567890",
        "123123", "abc123", "1234", "password1", "iloveyou", "1q2w3e4r", "000000", "qwerty123", "zaq12wsx",
        "dragon", "sunshine", "princess", "letmein", "654321", "monkey", "1qaz2wsx", "123321", "qwertyuiop",
        "superman", "asdfghjkl", "trustno1", "football", "baseball", "welcome", "master", "shadow", "michael",
        "jennifer", "hunter", "charlie", "jordan", "soccer", "killer", "harley", "ranger", "daniel", "starwars",
        "112233", "george", "computer", "michelle", "jessica", "pepper", "1111", "zxcvbn", "555555", "11111111",
        "131313", "freedom", "777777", "pass", "maggie", "159753", "aaaaaa", "ginger", "princess1", "joshua",
        "cheese", "amanda", "summer", "love", "ashley", "nicole", "chelsea", "biteme", "matthew", "access",
        "yankees", "987654321", "dallas", "austin", "thunder", "taylor", "matrix", "mustang", "admin", "welcome1",
        "passw0rd", "p@ssw0rd", "password123", "qwerty1", "solo", "flower", "hottie", "lovely", "loveme",
        "zaq1zaq1", "whatever", "donald", "batman", "andrew", "tigger", "sunshine1", "iloveyou1", "football1",
        "baseball1", "123qwe", "qwe123", "1q2w3e", "1234qwer", "qazwsx", "q1w2e3r4", "asdfgh", "zxcvbnm",
        "121212", "123654", "666666", "888888", "696969", "secret", "hello", "hello123", "welcome123", "login",
        "abc1234", "letmein1", "monkey1", "dragon1", "master1", "shadow1", "jordan23", "charlie1", "google",
        "samsung", "apple", "orange", "banana", "cookie", "chocolate", "butterfly", "purple", "liverpool",
        "arsenal", "password12", "password2", "admin123", "root", "changeme", "default", "guest", "test123",
        "winter", "spring", "autumn", "starlight", "rainbow", "internet", "blessed", "family", "forever",
    ]

    /// Common letters-only words among `commonPasswords`: the bases people mutate.
    package static let mutationBases: [String] = commonPasswords.filter { $0.allSatisfy(\.isLetter) }

    /// Short everyday words for passphrases.
    package static let passphraseWords: [String] = [
        "apple", "river", "stone", "cloud", "tiger", "maple", "ocean", "candle", "garden", "silver", "winter",
        "bridge", "forest", "pencil", "rocket", "button", "castle", "mirror", "planet", "violin", "window",
        "harbor", "meadow", "copper", "lantern", "pepper", "orbit", "falcon", "island", "jacket", "kettle",
        "ladder", "magnet", "needle", "orange", "pillow", "quartz", "rabbit", "saddle", "tunnel", "velvet",
        "walnut", "yellow", "zipper", "anchor", "basket", "cactus", "dolphin", "engine", "feather", "glacier",
        "hammer", "igloo", "jungle", "koala", "lemon", "mango", "nickel", "oyster", "parrot", "puzzle", "radar",
        "salmon", "teapot", "umbrella", "valley", "wagon", "yogurt", "zebra", "acorn", "blanket", "canyon",
        "desert", "ember", "fossil", "garlic", "helmet", "ivory", "jigsaw", "kayak", "lobster", "marble",
        "nectar", "olive", "pebble", "quiver", "ribbon", "summit", "thistle", "unicorn", "vapor", "whistle",
        "bamboo", "cobalt", "drift", "echo", "fable", "grape", "honey", "ink", "jade", "kite", "lunar", "moss",
        "north", "opal", "plum", "quill", "reef", "sky", "tide", "urban", "vine", "wave", "yarn", "zest", "blue",
        "horse", "battery", "staple", "correct", "purple", "monkey", "dish", "wash", "coffee", "table", "chair",
        "paper", "train", "music", "light", "storm", "sugar", "brick", "cable",
    ]

    /// Given names for made-up users, including some with non-ASCII letters.
    package static let firstNames: [String] = [
        "anna", "ben", "chloe", "david", "emma", "felix", "grace", "henry", "isla", "jack", "kate", "liam",
        "maria", "noah", "olivia", "paul", "quinn", "ruby", "sam", "tara", "umar", "vera", "will", "xena",
        "yusuf", "zoe", "jose", "ines", "lena", "omar", "priya", "chen", "yuki", "sofia", "ivan", "fatima",
    ]

    /// Family names for made-up users.
    package static let surnames: [String] = [
        "smith", "jones", "brown", "garcia", "miller", "davis", "lopez", "wilson", "moore", "taylor", "clark",
        "lewis", "walker", "hall", "young", "king", "wright", "scott", "green", "baker", "adams", "nelson",
        "carter", "mitchell", "perez", "roberts", "turner", "phillips", "campbell", "parker", "novak", "kowalski",
        "nguyen", "kim", "singh", "müller",
    ]

    /// Reserved example domains (RFC 2606) for made-up addresses.
    package static let domains: [String] = ["example.com", "example.org", "example.net", "corp.example"]

    /// Non-ASCII words for the Unicode share: accented Latin, Cyrillic, CJK, Greek.
    package static let unicodeWords: [String] = [
        "contraseña", "mañana", "café", "passwört", "größe", "forêt", "żółć", "crème", "über", "açaí",
        "пароль", "привет", "секрет", "москва", "солнце", "密码", "我爱你", "パスワード", "さくら", "비밀번호",
        "東京", "κωδικός", "αγάπη",
    ]

    /// Emoji, some of several scalars (skin tone, ZWJ family, flag).
    package static let emoji: [String] = ["🔒", "🔑", "❤️", "😀", "🐱", "🚀", "👍🏽", "👨‍👩‍👧", "🇺🇸", "✨"]

    /// Keyboard walks and runs, several of them policy-shaped (`Qwerty123!`).
    package static let keyboardWalks: [String] = [
        "qwerty", "qwertyuiop", "asdfgh", "asdfghjkl", "zxcvbnm", "1qaz2wsx", "qazwsx", "1q2w3e4r5t",
        "zaq12wsx", "qwerty123", "Qwerty123!", "Asdf1234!", "1qaz@WSX", "!QAZ2wsx", "poiuytrewq", "abcdef",
        "abcd1234", "1234qwer", "Zxcvbnm1!", "aaaaaa1", "!@#$%^&*", "Qwertyuiop1!",
    ]
}
