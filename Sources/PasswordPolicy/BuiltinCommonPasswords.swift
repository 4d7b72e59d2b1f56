/// The `builtin:common` blocklist: the 500 most common passwords, most common first.
///
/// Source: the first 500 entries of `FREQUENCY_LISTS["passwords"]` in PyPI `zxcvbn` 4.5.0
/// (`zxcvbn/frequency_lists.py`), MIT licence, Copyright (c) 2016 Daniel Wolf; the list goes back to
/// Dropbox's zxcvbn (MIT). Recorded in the pwaudit workspace's shared/bench/data/SOURCES.md.
/// No entry contains whitespace, so the text below is split on spaces and line breaks.
enum BuiltinCommonPasswords {
    /// The entries, lowercase ASCII, in rank order.
    static let entries: [String] = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    private static let text = """
        123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
        football monkey letmein shadow master 696969 mustang 666666 qwertyuiop 123321 1234567890 pussy
        superman 654321 1qaz2wsx 7777777 fuckyou qazwsx jordan 123qwe 000000 killer trustno1 hunter harley
        zxcvbnm asdfgh buster batman soccer tigger charlie sunshine iloveyou fuckme ranger hockey computer
        starwars asshole pepper klaster 112233 zxcvbn freedom princess maggie pass ginger 11111111 131313
        fuck love cheese 159753 summer chelsea dallas biteme matrix yankees 6969 corvette austin access
        thunder merlin secret diamond hello hammer fucker 1234qwer silver gfhjkm internet samantha golfer
        scooter test orange cookie q1w2e3r4t5 maverick sparky phoenix mickey bigdog snoopy guitar whatever
        chicken camaro mercedes peanut ferrari falcon cowboy welcome sexy samsung steelers smokey dakota
        arsenal boomer eagles tigers marina nascar booboo gateway yellow porsche monster spider diablo
        hannah bulldog junior london purple compaq lakers iceman qwer1234 hardcore cowboys money banana
        ncc1701 boston tennis q1w2e3r4 coffee scooby 123654 nikita yamaha mother barney brandy chester
        fuckoff oliver player forever rangers midnight chicago bigdaddy redsox angel badboy fender jasper
        slayer rabbit natasha marine bigdick wizard marlboro raiders prince casper fishing flower jasmine
        iwantu panties adidas winter winner gandalf password1 enter ghbdtn 1q2w3e4r golden cocacola jordan23
        winston madison angels panther blowme sexsex bigtits spanky bitch sophie asdfasdf horny thx1138
        toyota tiger dick canada 12344321 blowjob 8675309 muffin liverpoo apples qwerty123 passw0rd abcd1234
        pokemon 123abc slipknot qazxsw 123456a scorpion qwaszx butter startrek rainbow asdfghjkl razz
        newyork redskins gemini cameron qazwsxedc florida liverpool turtle sierra viking booger butthead
        doctor rocket 159357 dolphins captain bandit jaguar packers pookie peaches 789456 asdf dolphin
        helpme blue theman maxwell qwertyui shithead lovers maddog giants nirvana metallic hotdog rosebud
        mountain warrior stupid elephant suckit success bond007 jackass alexis porn lucky scorpio samson
        q1w2e3 azerty rush2112 driver freddy 1q2w3e4r5t sydney gators dexter red123 123456q 12345a bubba
        creative voodoo golf trouble america nissan gunner garfield bullshit asdfghjk 5150 fucking apollo
        1qazxsw2 2112 eminem legend airborne bear beavis apple brooklyn godzilla skippy 4815162342 buddy
        qwert kitten magic shelby beaver phantom asdasd xavier braves darkness blink182 copper platinum
        qweqwe tomcat 01012011 girls bigboy 102030 animal police online 11223344 voyager lifehack 12qwaszx
        fish sniper 315475 trinity blazer heaven lover snowball playboy loveme bubbles hooters cricket
        willow donkey topgun nintendo saturn destiny pakistan pumpkin digital sergey redwings explorer tits
        private runner therock guinness lasvegas beatles 789456123 fire cassie christin qwerty1 celtic
        asdf1234 andrey broncos 007007 babygirl eclipse fluffy cartman michigan carolina testing alexande
        birdie pantera cherry vampire mexico dickhead buffalo genius montana beer minecraft maximus flyers
        lovely stalker metallica doggie snickers speedy bronco lol123 paradise yankee horses magnum dreams
        147258369 lacrosse ou812 goober enigma qwertyu scotty pimpin bollocks surfer cock poohbear genesis
        star asd123 qweasdzxc racing hello1 hawaii eagle1 viper poopoo einstein boobies 12345q bitches
        drowssap simple badger alaska action jester drummer 111222 spitfire forest maryjane champion diesel
        svetlana friday hotrod 147258 chevy lucky1 westside security google badass tester shorty thumper
        hitman mozart zaq12wsx boobs reddog 010203 lizard a123456 123456789a ruslan eagle 1232323q scarface
        qwerty12 147852 a12345 buddha porno 420420 spirit money1 stargate qwe123
        """
}
